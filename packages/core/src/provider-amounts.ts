/**
 * Amounts as the card processors take them (docs/payment-providers.md), converted exactly from and to the
 * site's minor units (money.ts `MINOR_UNITS`: whole som for UZS, two decimals elsewhere). A conversion that
 * would round returns null: a payment is checked against its order to the minor unit, never "about right".
 *
 *  - Stripe: an integer in the currency's smallest unit as STRIPE counts it — zero-decimal currencies (JPY,
 *    KRW, …) in whole units, three-decimal ones (BHD, KWD, …) in thousandths, all others in hundredths; so an
 *    UZS order of 1 250 000 som (our minor unit: the som) is 125 000 000 for Stripe (tiyin).
 *  - iyzico: a decimal string in major units (`price`, `paidPrice`), e.g. "1234.5"; its answers carry JSON
 *    numbers (1234.5).
 */
import { fromMajorString, MINOR_UNITS, toMajorString, type CurrencyCode } from './money.ts';

/** Stripe's zero-decimal currencies (docs.stripe.com/currencies#zero-decimal). */
const STRIPE_ZERO_DECIMAL: ReadonlySet<string> = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
/** Stripe's three-decimal currencies (docs.stripe.com/currencies#three-decimal). */
const STRIPE_THREE_DECIMAL: ReadonlySet<string> = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** Decimal places of Stripe's smallest unit of `currency` (ISO code, any case). */
export function stripeDecimals(currency: string): number {
  const code = currency.toUpperCase();
  if (STRIPE_ZERO_DECIMAL.has(code)) return 0;
  if (STRIPE_THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/** Our minor units → Stripe's `amount`; null when Stripe cannot express it exactly. */
export function toStripeAmount(minor: number, currency: CurrencyCode): number | null {
  if (!Number.isSafeInteger(minor)) return null;
  const shift = stripeDecimals(currency) - MINOR_UNITS[currency];
  if (shift >= 0) {
    const amount = minor * 10 ** shift;
    return Number.isSafeInteger(amount) ? amount : null;
  }
  const factor = 10 ** -shift;
  return minor % factor === 0 ? minor / factor : null;
}

/** Stripe's `amount` → our minor units; null when it is not a whole number of them (e.g. 5 tiyin). */
export function fromStripeAmount(amount: unknown, currency: CurrencyCode): number | null {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return null;
  const shift = stripeDecimals(currency) - MINOR_UNITS[currency];
  if (shift <= 0) {
    const minor = amount * 10 ** -shift;
    return Number.isSafeInteger(minor) ? minor : null;
  }
  const factor = 10 ** shift;
  return amount % factor === 0 ? amount / factor : null;
}

/** Our minor units → iyzico's decimal string in major units ("1234.50"). */
export function toIyzicoPrice(minor: number, currency: CurrencyCode): string {
  return toMajorString({ amount: minor, currency });
}

/**
 * iyzico's amount (a JSON number such as 1234.5, or a decimal string) → our minor units; null when it is not
 * a plain decimal with at most the currency's minor digits.
 */
export function fromIyzicoPrice(value: unknown, currency: CurrencyCode): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  // iyzico pads some answers ("1.00000000"): trailing zeros beyond our digits change nothing.
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return fromMajorString(trimmed, currency)?.amount ?? null;
}
