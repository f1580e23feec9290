import type { BrowserContext } from 'playwright-core';
import { MISSING_MESSAGE, WORDS_NOT_LOADED } from '../../apps/web/app/lib/missing-words.ts';

/**
 * The words pages lacked (a key shown instead of its text, app/lib/missing-words.ts), with the page
 * they were missing on: every page ships only its routes' words (docs/performance.md, "Words per page"), so a
 * word the build did not see a page use shows here. e2e/support/setup.ts fails the test that met one.
 */
const missing: string[] = [];

export function watchMissingMessages(context: BrowserContext): void {
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(MISSING_MESSAGE) || text.startsWith(WORDS_NOT_LOADED))
      missing.push(`${text} @ ${message.page()?.url() ?? '?'}`);
  });
}

/** The words missing since the last call. */
export function takeMissingMessages(): string[] {
  return missing.splice(0);
}
