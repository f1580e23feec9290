import { afterEach, expect } from 'vitest';
import { takeMissingMessages } from './missing-messages.ts';

// Every browser test: no page it opened lacked a word (e2e/support/missing-messages.ts).
afterEach(() => {
  expect(takeMissingMessages(), 'words missing on a page').toEqual([]);
});
