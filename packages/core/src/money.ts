/**
 * Money: integer amounts in the currency's minor unit, exact conversion and formatting.
 *
 * Minor units used here are the *display* minor units of the site: two decimals for USD, EUR, RUB
 * and TRY, none for UZS (prices in sum are shown and charged in whole units). All arithmetic is on
 * integers; conversion is an exact rational computation with round-half-away-from-zero.
 */

export const CURRENCIES = ['USD', 'EUR', 'RUB', 'TRY', 'UZS'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

/** Decimal places of each currency's minor unit as used for prices on the site. */
export const MINOR_UNITS: Readonly<Record<CurrencyCode, number>> = { USD: 2, EUR: 2, RUB: 2, TRY: 2, UZS: 0 };

/** Base currency of the fare engine: every fare is computed in USD cents. */
export const BASE_CURRENCY: CurrencyCode = 'USD';

/** Units of each currency per 1 unit of the base currency (USD). Configuration, never fetched here. */
export type ExchangeRates = Readonly<Record<CurrencyCode, number>>;

/** Default exchange rates (units per 1 USD); deployments pass their own. */
export const DEFAULT_RATES: ExchangeRates = { USD: 1, EUR: 0.92, RUB: 92, TRY: 34, UZS: 12700 };

/** An amount of money: `amount` is an integer number of minor units of `currency`. */
export interface Money {
  readonly amount: number;
  readonly currency: CurrencyCode;
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Creates Money; throws on a non-integer or unsafe amount (a programming error, never user input). */
export function money(amount: number, currency: CurrencyCode): Money {
  if (!Number.isSafeInteger(amount))
    throw new RangeError(`money amount must be a safe integer, got ${amount}`);
  return { amount, currency };
}

export function zeroMoney(currency: CurrencyCode): Money {
  return { amount: 0, currency };
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new TypeError(`currency mismatch: ${a.currency} vs ${b.currency}`);
}

export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amount + b.amount, a.currency);
}

/** Sum of amounts in one currency (zero for an empty list). */
export function sumMoney(items: readonly Money[], currency: CurrencyCode): Money {
  let total = 0;
  for (const item of items) {
    if (item.currency !== currency) throw new TypeError(`currency mismatch: ${item.currency} vs ${currency}`);
    total += item.amount;
  }
  return money(total, currency);
}

/**
 * Shares `total` minor units among `weights` in proportion, the first taking what does not divide (all of it when
 * the weights are all zero): the shares add up to `total` exactly.
 */
export function shareInProportion(total: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (whole > 0 ? Math.floor((total * w) / whole) : 0));
  shares[0]! += total - shares.reduce((a, b) => a + b, 0);
  return shares;
}

/** Multiplies by an integer count (e.g. a per-passenger price by the number of passengers). */
export function multiplyMoney(m: Money, count: number): Money {
  if (!Number.isSafeInteger(count)) throw new RangeError(`count must be an integer, got ${count}`);
  return money(m.amount * count, m.currency);
}

/**
 * Rates already turned into fractions: a search converts every price of its ~50 offers, and parsing the
 * rate's decimal form each time was a tenth of building them. Rates are a handful of numbers.
 */
const fractions = new Map<number, { num: bigint; den: bigint }>();
const MAX_CACHED_FRACTIONS = 256;

/** A positive finite number as an exact fraction num/den (bigint), from its shortest decimal form. */
function toFraction(value: number): { num: bigint; den: bigint } {
  const known = fractions.get(value);
  if (known) return known;
  const fraction = parseFraction(value);
  if (fractions.size >= MAX_CACHED_FRACTIONS) fractions.clear();
  fractions.set(value, fraction);
  return fraction;
}

function parseFraction(value: number): { num: bigint; den: bigint } {
  if (!Number.isFinite(value) || value <= 0)
    throw new RangeError(`exchange rate must be a positive number, got ${value}`);
  const [mantissa, expPart] = value.toString().toLowerCase().split('e') as [string, string | undefined];
  const exp = expPart === undefined ? 0 : Number(expPart);
  const [intPart, fracPart = ''] = mantissa.split('.') as [string, string | undefined];
  let num = BigInt(intPart + fracPart);
  let den = 10n ** BigInt(fracPart.length);
  if (exp > 0) num *= 10n ** BigInt(exp);
  if (exp < 0) den *= 10n ** BigInt(-exp);
  return { num, den };
}

/** num/den rounded half away from zero (den > 0). */
function divRound(num: bigint, den: bigint): bigint {
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const q = (abs * 2n + den) / (den * 2n);
  return negative ? -q : q;
}

/**
 * Converts between currencies with rates given per 1 unit of the base currency. Exact rational
 * arithmetic, rounded half away from zero to the target's minor unit.
 */
export function convertMoney(m: Money, to: CurrencyCode, rates: ExchangeRates = DEFAULT_RATES): Money {
  if (m.currency === to) return m;
  const from = toFraction(rates[m.currency]);
  const target = toFraction(rates[to]);
  const shift = MINOR_UNITS[to] - MINOR_UNITS[m.currency];
  let num = BigInt(m.amount) * target.num * from.den;
  let den = target.den * from.num;
  if (shift > 0) num *= 10n ** BigInt(shift);
  if (shift < 0) den *= 10n ** BigInt(-shift);
  return money(Number(divRound(num, den)), to);
}

/** The amount in major units as a plain decimal string: "412.50", "-3.05", "5230000" (UZS). */
export function toMajorString(m: Money): string {
  const digits = MINOR_UNITS[m.currency];
  const negative = m.amount < 0;
  const abs = String(Math.abs(m.amount));
  if (digits === 0) return (negative ? '-' : '') + abs;
  const padded = abs.padStart(digits + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** Parses a major-unit decimal string ("412.5", "412.50", "7") into Money; null if not exact. */
export function fromMajorString(value: string, currency: CurrencyCode): Money | null {
  const match = /^(-?)(\d{1,15})(?:\.(\d+))?$/.exec(value);
  if (!match) return null;
  const digits = MINOR_UNITS[currency];
  const frac = match[3] ?? '';
  if (frac.length > digits) return null;
  const amount = Number((match[2] ?? '0') + frac.padEnd(digits, '0'));
  if (!Number.isSafeInteger(amount)) return null;
  return money(match[1] === '-' ? -amount : amount, currency);
}
