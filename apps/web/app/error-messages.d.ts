declare module 'virtual:parvoz/error-messages' {
  import type { CompiledMessages } from '@parvoz/i18n/messages';
  /** The error page's messages (`error.*`) per language, as ICU AST (build-tools/error-messages.ts). */
  const messages: Record<'en' | 'ru' | 'uz' | 'tr', CompiledMessages>;
  export default messages;
}
