declare module 'virtual:parvoz/error-messages' {
  import type { CompiledMessages } from '@parvoz/i18n/messages';
  import type { Locale } from '@parvoz/i18n/locales';
  /** The error page's messages (`error.*`) per language, as ICU AST (build-tools/error-messages.ts). */
  const messages: Record<Locale, CompiledMessages>;
  export default messages;
}
