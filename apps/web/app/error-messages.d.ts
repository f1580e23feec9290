declare module 'virtual:parvoz/error-messages' {
  /** The error page's messages (`error.*`) per language (build-tools/error-messages.ts). */
  const messages: Record<'en' | 'ru' | 'uz' | 'tr', Record<string, string>>;
  export default messages;
}
