/**
 * The product's vocabulary for the web, without zod (pages load it before any schema): fare families,
 * passenger types and cabins as packages/core/src/vocabulary.ts declares them, and the site's languages.
 */
export * from '@parvoz/core/vocabulary';
export { LOCALES, type Locale } from '@parvoz/i18n/locales';
