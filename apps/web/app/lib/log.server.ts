/**
 * The web half's log: JSON lines through pino like the API host's (same level, same redaction), each
 * carrying the request id that also reaches the API, so one visitor's page and API calls read as one story.
 */
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { REDACTING_FORMATTERS, redactSecrets } from '@parvoz/contracts/log-redaction';

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
const level = LEVELS.has(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL! : 'info';

/** A web logger writing to `destination` (standard output by default). */
export function createWebLog(destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { part: 'web' },
    formatters: REDACTING_FORMATTERS,
    serializers: { err: (error: Error) => redactSecrets({ ...stdSerializers.err(error) }) },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const webLog: Logger = createWebLog();

/** The log of one page request (its `reqId` is the one sent to the API as X-Request-Id). */
export function requestLog(requestId: string): Logger {
  // pino writes a child's bindings without its formatters: they are redacted here.
  return webLog.child(redactSecrets({ reqId: requestId }));
}
