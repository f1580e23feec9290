/**
 * Price alerts (docs/operations.md#price-alerts): "tell me when it gets cheaper" for one search.
 *   POST   /v1/price_alerts              subscribe (anyone): 202, a confirmation link is emailed
 *   POST   /v1/price_alerts/confirm      { token } from the first email: the alert becomes active
 *   POST   /v1/price_alerts/unsubscribe  { token } from any of its emails: no more emails
 *   GET    /v1/price_alerts              the signed-in traveller's alerts (those of the account's email)
 *   DELETE /v1/price_alerts/:id          deletes one of them
 */
import { z } from 'zod';
import { CABINS } from '@parvoz/core/vocabulary';
import { ALERT_DATE_CHOICES, isAlertRange, MAX_ALERT_RANGE_DAYS } from '@parvoz/core/price-alerts';

/** The results page's choice of departures to watch, and the days it means (core's rules, for the web). */
export { ALERT_DATE_CHOICES, alertRange, type AlertDateChoice } from '@parvoz/core/price-alerts';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { LOCALES } from '@parvoz/i18n/locales';
import { emailSchema } from './auth.ts';
import { iataCodeSchema, isoDateSchema, passengersSchema } from './search.ts';
import { noDetails, reason } from './refusals.ts';

/** The secret of a confirm or unsubscribe link: 32 random bytes, base64url. */
export const priceAlertTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a link token');

/** POST /v1/price_alerts: the search as on the results page, and how to write to the traveller. */
export const priceAlertCreateRequestSchema = z
  .object({
    email: emailSchema,
    lang: z.enum(LOCALES),
    currency: z.enum(CURRENCIES),
    origin: iataCodeSchema,
    destination: iataCodeSchema,
    departure_date: isoDateSchema,
    return_date: isoDateSchema.nullable().default(null),
    /** Any day from `departure_date` to this one (a round trip keeps its stay); null: that one day. */
    departure_until: isoDateSchema.nullable().default(null),
    passengers: passengersSchema,
    cabin_class: z.enum(CABINS).default('economy'),
  })
  .refine((r) => r.origin !== r.destination, {
    message: 'origin and destination differ',
    path: ['destination'],
  })
  .refine((r) => r.return_date === null || r.return_date >= r.departure_date, {
    message: 'the return is on or after the departure',
    path: ['return_date'],
  })
  .refine((r) => r.departure_until === null || isAlertRange(r.departure_date, r.departure_until), {
    message: `the range ends on or after its first day, at most ${MAX_ALERT_RANGE_DAYS} days later`,
    path: ['departure_until'],
  });
export type PriceAlertCreateRequest = z.infer<typeof priceAlertCreateRequestSchema>;

/**
 * The results page's "tell me when it gets cheaper" form: the traveller's email and the page's search
 * segment (`TAS1512IST1`); the web action adds the rest of the request from the segment, language and
 * currency. The same schema checks it in the browser and in the action.
 */
export const priceAlertFormSchema = z.object({
  email: emailSchema,
  segment: z.string().regex(/^[A-Za-z0-9]{1,40}$/, 'a search segment'),
  /** Which departures: the searched day, three days either side, or any day of its month. */
  dates: z.enum(ALERT_DATE_CHOICES).default('day'),
});

/** The profile's delete button of one alert. */
export const priceAlertDeleteFormSchema = z.object({ intent: z.literal('delete'), id: z.uuid() });

/** `lang` names the places of the answer (default: the alert's language). */
export const priceAlertTokenRequestSchema = z.object({
  token: priceAlertTokenSchema,
  lang: z.enum(LOCALES).optional(),
});
export const priceAlertIdParamsSchema = z.object({ id: z.uuid() });
export const priceAlertListQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });

export const PRICE_ALERT_STATUSES = ['pending', 'active', 'unsubscribed', 'expired'] as const;
export type PriceAlertStatus = (typeof PRICE_ALERT_STATUSES)[number];

/** Too many searches watched for one email address (at most `max`). */
const alertLimit = reason('alert_limit', { max: z.number() });

/** POST /v1/price_alerts: the mailbox watches as many searches as allowed, or nothing is on sale. */
export const createPriceAlertRefusals = { unprocessable: [alertLimit, reason('no_offers')] } as const;

/** POST /v1/price_alerts/confirm: the link is not valid, or the mailbox watches enough searches already. */
export const confirmPriceAlertRefusals = {
  not_found: [noDetails],
  unprocessable: [alertLimit],
} as const;

/** An alert as the API shows it; amounts are strings in major units, like offers' `total_amount`. */
export const priceAlertSchema = z.object({
  id: z.string(),
  status: z.enum(PRICE_ALERT_STATUSES),
  origin: z.string(),
  destination: z.string(),
  /** The places' names in the asked language ("Tashkent", "Ташкент"). */
  origin_name: z.string(),
  destination_name: z.string(),
  departure_date: z.string(),
  return_date: z.string().nullable(),
  departure_until: z.string().nullable(),
  passengers: z.object({ adults: z.number().int(), children: z.number().int(), infants: z.number().int() }),
  cabin_class: z.enum(CABINS),
  lang: z.enum(LOCALES),
  currency: z.enum(CURRENCIES),
  /** The lowest price the traveller last saw (when subscribing, then in the latest alert email). */
  reference_amount: z.string(),
  /** The latest re-pricing's lowest price; null before the first or when nothing was on sale. */
  last_amount: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  created_at: z.string(),
  /** The latest re-pricings, oldest first: the lowest price of each (null: nothing on sale then). */
  history: z.array(z.object({ checked_at: z.string(), amount: z.string().nullable() })),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

/** POST /v1/price_alerts answers 202: the alert waits for the emailed confirmation link. */
export const priceAlertCreateResponseSchema = z.object({
  data: z.object({ status: z.literal('pending'), email: z.string() }),
});
/** POST /v1/price_alerts/confirm and /unsubscribe: the alert as it now is. */
export const priceAlertResponseSchema = z.object({ data: priceAlertSchema });
/** GET /v1/price_alerts */
export const priceAlertsResponseSchema = z.object({ data: z.array(priceAlertSchema) });
