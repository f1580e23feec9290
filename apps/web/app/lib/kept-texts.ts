/**
 * Formatted texts, kept by what they were made from. On /uz every date and number goes through the FormatJS
 * polyfills, ~0.25 ms a date and more for a compact amount, and a results page formats the same few again and
 * again (each day of the month of low fares three times, each offer's times, the date fields): a bounded few
 * are kept, so repeating one costs a lookup.
 */
const texts = new Map<string, string>();
const TEXTS_KEPT = 1000;

/** The text kept under `key`, made by `make` the first time (or after the store filled up and was cleared). */
export function keptText(key: string, make: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = make();
    if (texts.size >= TEXTS_KEPT) texts.clear();
    texts.set(key, text);
  }
  return text;
}
