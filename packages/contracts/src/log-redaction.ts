/**
 * What never reaches a log (docs/operations.md#logs-and-metrics): field names that are secret wherever they
 * appear in a logged object. One list for the API host's logger (apps/api/src/logging.ts) and the web
 * half's (apps/web/app/lib/log.server.ts), both pino.
 */
export const CENSOR = '[redacted]';
/** Field names that are secret wherever they appear in a logged object. */
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
const SECRET_UNDER = new Map([
  ['body', 'code'],
  ['query', 'code'],
  ['document', 'number'],
]);
const SECRET = new Set(SECRET_KEYS);
/** Deeper than this a logged value is written without a look (log objects are a few levels deep). */
const MAX_DEPTH = 8;

/**
 * `value` as it may be logged: the value of every secret field replaced by CENSOR, at any depth, in a copy (the
 * value itself is left as it is). Plain objects and arrays are looked into; anything else (an Error, a Date, a
 * request) is for a serializer to write. pino's own `redact` took ~7 µs and 20 kB of garbage per request (ADR 0021),
 * because Fastify makes a child logger per request and the redaction read its ~60 path patterns afresh each
 * time; this runs only when a line is written.
 */
export function redactSecrets<T>(value: T): T {
  return redactIn(value, '', 0) as T;
}

function redactIn(value: unknown, key: string, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const redacted = redactIn(item, key, depth + 1);
      if (redacted !== item) (copy ??= value.slice())[i] = redacted;
    }
    return copy ?? value;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const fields = value as Record<string, unknown>;
  const secretChild = SECRET_UNDER.get(key);
  let copy: Record<string, unknown> | undefined;
  for (const name of Object.keys(fields)) {
    const field = fields[name];
    const redacted = SECRET.has(name) || name === secretChild ? CENSOR : redactIn(field, name, depth + 1);
    if (redacted !== field) (copy ??= { ...fields })[name] = redacted;
  }
  return copy ?? value;
}

/**
 * pino formatters that redact what each line logs and the root logger's own bindings. pino writes a child
 * logger's bindings without them: a child is made from redacted bindings (apps/api/src/logging.ts).
 */
export const REDACTING_FORMATTERS = {
  log: (object: Record<string, unknown>) => redactSecrets(object),
  bindings: (bindings: Record<string, unknown>) => redactSecrets(bindings),
};

/** Query parameters whose values are masked in free text (emails logged instead of sent, links in messages). */
const SECRET_PARAMS_IN_TEXT =
  /([?&](?:token|access_token|access|code|key|secret|signature|sig|password)=)[^\s&#"'<>]+/gi;

/** `text` (e.g. an email logged instead of sent) with the values of secret query parameters in its links masked. */
export function scrubLinks(text: string): string {
  return text.replace(SECRET_PARAMS_IN_TEXT, `$1${CENSOR}`);
}
