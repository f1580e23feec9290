export * from './locales.ts';
export * from './currency.ts';
export * from './messages.ts';
