declare module 'virtual:parvoz/error-messages' {
  import type { CompiledMessages } from '@parvoz/i18n/messages';
  import type { Locale } from '@parvoz/i18n/locales';
  /** The error page's messages (`error.*`) per language, as ICU AST (build-tools/error-messages.ts). */
  const messages: Record<Locale, CompiledMessages>;
  export default messages;
}

declare module 'virtual:parvoz/page-messages' {
  import type { PageMessagesPlan } from './lib/shell-messages.server.ts';
  /** The browser build's plan of each page's words (build-tools/shell-messages.ts); none in `npm run dev`. */
  const plan: PageMessagesPlan | null;
  export default plan;
}
