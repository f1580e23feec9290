/** What tests of message formatting share (tests only: it swaps a hook of intl-messageformat while it runs). */
import { IntlMessageFormat } from 'intl-messageformat';

/** Counts the parses intl-messageformat makes (its `__parse` hook, the real parser behind it) while `run` runs. */
export function parsesDuring(run: () => void): number {
  const parse = IntlMessageFormat.__parse;
  let count = 0;
  IntlMessageFormat.__parse = (...args) => {
    count++;
    return parse!(...args);
  };
  try {
    run();
  } finally {
    IntlMessageFormat.__parse = parse;
  }
  return count;
}
