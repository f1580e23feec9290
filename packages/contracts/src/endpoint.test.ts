import { describe, expect, test } from 'vitest';
import { contractChecksOn } from './endpoint.ts';

describe('contractChecksOn', () => {
  test.each([
    // The test runner's value, as apps/host/src/server-env.ts keeps it while React gets its production build.
    [{ NODE_ENV: 'production', PARVOZ_OPERATOR_NODE_ENV: 'test' }, true],
    [{ NODE_ENV: 'development', PARVOZ_OPERATOR_NODE_ENV: 'development' }, true],
    // In-process (unit tests, scripts): no operator value, NODE_ENV is the runner's.
    [{ NODE_ENV: 'test' }, true],
    // `npm start` with NODE_ENV unset, and a production site: answers go unchecked.
    [{ NODE_ENV: 'production', PARVOZ_OPERATOR_NODE_ENV: 'unset' }, false],
    [{ NODE_ENV: 'production', PARVOZ_OPERATOR_NODE_ENV: 'production' }, false],
    [{}, false],
  ])('%o → %s', (env, on) => {
    expect(contractChecksOn(env)).toBe(on);
  });
});
