/**
 * Payme's Merchant API, the protocol only (docs/decisions/0012-payme-and-click.md): Payme calls the
 * merchant's endpoint with JSON-RPC 2.0 and Basic authentication; the methods, error codes, transaction
 * states, cancel reasons and the 12-hour timeout below are the ones of developer.help.paycom.uz.
 */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { getIntl } from '@parvoz/i18n/messages';

export const PAYME_PROVIDER = 'payme';

/** The account field of the web cashbox (set in Payme's cabinet): our order id. */
export const PAYME_ACCOUNT_FIELD = 'order_id';

/** A created transaction not performed within 12 hours is cancelled (reason 4). */
export const PAYME_TIMEOUT_MS = 43_200_000;

export const PaymeState = { created: 1, performed: 2, cancelled: -1, cancelledAfterPerform: -2 } as const;

/** Cancel reasons (CancelTransaction's `reason`). */
export const PaymeReason = {
  receiverNotFound: 1,
  debitError: 2,
  transactionError: 3,
  timeout: 4,
  refund: 5,
  unknown: 10,
} as const;

export const PaymeError = {
  notPost: -32300,
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  insufficientPrivilege: -32504,
  system: -32400,
  wrongAmount: -31001,
  transactionNotFound: -31003,
  cannotCancel: -31007,
  cannotPerform: -31008,
  /** SetFiscalData: no transaction (receipt) with that id. */
  fiscalNotFound: -32001,
  /** SetFiscalData: its params are not what the method takes. */
  fiscalInvalidParams: -32602,
  /** -31050 … -31099: the `account` is wrong; `data` names its field. */
  account: -31050,
} as const;

export const PAYME_METHODS = [
  'CheckPerformTransaction',
  'CreateTransaction',
  'PerformTransaction',
  'CancelTransaction',
  'CheckTransaction',
  'GetStatement',
  'ChangePassword',
  'SetFiscalData',
] as const;
export type PaymeMethod = (typeof PAYME_METHODS)[number];

/** Payme's `ID`: 24 characters. */
const paymeId = z.string().regex(/^[0-9a-zA-Z]{24}$/);
/** Payme's `Timestamp`: milliseconds, 13 digits. */
const timestamp = z
  .number()
  .int()
  .min(1e12)
  .max(1e13 - 1);
const amount = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const account = z.record(z.string().max(100), z.unknown());

/**
 * The fiscal receipt Payme registered for a transaction (SetFiscalData's `fiscal_data`). Only the fields
 * Payme documents are kept; the link is kept only when it is an https address, since the order page shows it.
 */
export const paymeFiscalDataSchema = z.object({
  receipt_id: z.union([z.number().int(), z.string().max(50)]).optional(),
  status_code: z.number().int().optional(),
  message: z.string().max(500).optional(),
  terminal_id: z.string().max(50).optional(),
  fiscal_sign: z.string().max(50).optional(),
  qr_code_url: z
    .url({ protocol: /^https$/ })
    .max(1000)
    .optional(),
  date: z.string().max(30).optional(),
});
export type PaymeFiscalData = z.infer<typeof paymeFiscalDataSchema>;

export const paymeParamsSchemas = {
  CheckPerformTransaction: z.object({ amount, account }),
  CreateTransaction: z.object({ id: paymeId, time: timestamp, amount, account }),
  PerformTransaction: z.object({ id: paymeId }),
  CancelTransaction: z.object({ id: paymeId, reason: z.number().int() }),
  CheckTransaction: z.object({ id: paymeId }),
  GetStatement: z.object({ from: timestamp, to: timestamp }),
  ChangePassword: z.object({ password: z.string().min(1).max(200) }),
  SetFiscalData: z.object({
    id: paymeId,
    type: z.enum(['PERFORM', 'CANCEL']),
    fiscal_data: paymeFiscalDataSchema,
  }),
} as const satisfies Record<PaymeMethod, z.ZodType>;

/** The request envelope (the `params` are checked per method). */
export const paymeRequestSchema = z.object({
  id: z.union([z.number(), z.string().max(100)]).optional(),
  method: z.string().max(100),
  params: z.unknown(),
});

export type PaymeMessage = { ru: string; uz: string; en: string };

/** A message in Payme's three languages, from our message files. */
export function paymeMessage(key: string, values?: Record<string, string>): PaymeMessage {
  const text = (lang: 'ru' | 'uz' | 'en') => getIntl(lang).formatMessage({ id: key }, values);
  return { ru: text('ru'), uz: text('uz'), en: text('en') };
}

export class PaymeFailure extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly localized: PaymeMessage;
  constructor(code: number, messageKey: string, data?: unknown) {
    const localized = paymeMessage(messageKey);
    super(localized.en);
    this.name = 'PaymeFailure';
    this.code = code;
    this.localized = localized;
    this.data = data;
  }
}

/** The JSON-RPC answer: always HTTP 200, the outcome in `result` or `error`. */
export function paymeResult(id: unknown, result: unknown) {
  return { jsonrpc: '2.0', id: id ?? null, result };
}
export function paymeErrorAnswer(id: unknown, failure: PaymeFailure) {
  return {
    jsonrpc: '2.0',
    id: id ?? null,
    error: {
      code: failure.code,
      message: failure.localized,
      ...(failure.data !== undefined ? { data: failure.data } : {}),
    },
  };
}

/** Whether `Authorization` is `Basic base64(login:key)` of this cashbox (compared in constant time). */
export function paymeAuthorized(header: unknown, login: string, key: string): boolean {
  if (typeof header !== 'string' || header.length > 1000) return false;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(Buffer.from(match[1]!, 'base64').toString('utf8'));
  const expected = Buffer.from(`${login}:${key}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The checkout page of an order: `<checkout>/base64(m=…;ac.order_id=…;a=…;l=…;c=…)` (GET method). */
export function paymeCheckoutUrl(input: {
  checkoutUrl: string;
  merchantId: string;
  orderId: string;
  tiyin: number;
  lang: 'ru' | 'uz' | 'en';
  returnUrl: string;
}): string {
  const params = [
    `m=${input.merchantId}`,
    `ac.${PAYME_ACCOUNT_FIELD}=${input.orderId}`,
    `a=${input.tiyin}`,
    `l=${input.lang}`,
    `c=${input.returnUrl}`,
  ].join(';');
  return `${input.checkoutUrl}/${Buffer.from(params, 'utf8').toString('base64')}`;
}

/** Payme's checkout speaks ru, uz and en; a Turkish page gets English. */
export function paymeLang(lang: string): 'ru' | 'uz' | 'en' {
  return lang === 'ru' || lang === 'uz' ? lang : 'en';
}
