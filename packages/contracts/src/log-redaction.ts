/**
 * What never reaches a log (issue 8): field names that are secret wherever they appear in a logged object.
 * One list for the API host's logger (apps/api/src/host/logging.ts) and the web half's
 * (apps/web/app/lib/log.server.ts), both pino.
 */
export const CENSOR = '[redacted]';
/** Field names that are secret wherever they appear (up to three levels deep in a log object). */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'access_token',
  'accessToken',
  'password',
  'secret',
  'card',
  'card_number',
  'cardNumber',
  'pan',
  'cvc',
  'cvv',
  'document_number',
  'documentNumber',
];
/** Sign-in codes and document numbers are called `code` / `number`, names too common to redact everywhere. */
const SECRET_PATHS = [
  'body.code',
  '*.body.code',
  'query.code',
  '*.query.code',
  'document.number',
  '*.document.number',
  'passengers[*].document.number',
  '*.passengers[*].document.number',
  'body.passengers[*].document.number',
  '*.body.passengers[*].document.number',
];
export const REDACT_PATHS = [
  ...SECRET_KEYS.flatMap((key) => {
    const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
    const dot = k.startsWith('[') ? '' : '.';
    return [k, `*${dot}${k}`, `*.*${dot}${k}`];
  }),
  ...SECRET_PATHS,
];
