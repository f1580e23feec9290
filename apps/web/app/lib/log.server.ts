/**
 * The web half's log: JSON lines through pino like the API host's (same level, same redaction), each
 * carrying the request id that also reaches the API, so one visitor's page and API calls read as one story.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import { CENSOR, REDACT_PATHS } from '@parvoz/contracts/log-redaction';

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
const level = LEVELS.has(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL! : 'info';

/** A web logger writing to `destination` (standard output by default). */
export function createWebLog(destination?: DestinationStream): Logger {
  const options = { level, base: { part: 'web' }, redact: { paths: REDACT_PATHS, censor: CENSOR } };
  return destination ? pino(options, destination) : pino(options);
}

export const webLog: Logger = createWebLog();

/** The log of one page request (its `reqId` is the one sent to the API as X-Request-Id). */
export function requestLog(requestId: string): Logger {
  return webLog.child({ reqId: requestId });
}
