/**
 * What the browser's console says when a page lacks a word (lib/i18n.tsx: a key shows instead of its text) or
 * a route's words were not loaded before it showed (lib/shell-messages.ts). Said in every build; the browser
 * tests fail a test that met one (e2e/support/missing-messages.ts).
 */
export const MISSING_MESSAGE = 'parvoz: missing message';
export const WORDS_NOT_LOADED = 'parvoz: words not loaded';
