/**
 * How services log: pino's logger (the app's or a request's) fits this shape; tests pass a recorder. Errors go
 * into a line as their message only (a stack or a provider's whole answer stays out of the logs).
 */
export interface ServiceLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What a log line says of a caught error: its message, or the thrown value as text. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
