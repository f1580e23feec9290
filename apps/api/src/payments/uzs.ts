/**
 * Sum and tiyin. Our UZS amounts are whole sum (`MINOR_UNITS.UZS` is 0: prices in sum are shown and charged
 * in whole units), while ISO 4217 gives UZS two decimals: some providers count tiyin (1/100 sum) and
 * others write sum with two decimals ("50000.00"). Every conversion is exact; an amount with a fraction of our minor unit
 * is never equal to an order's.
 */
import { MINOR_UNITS } from '@parvoz/core/money';

/** Tiyin in one of our UZS minor units (100 while UZS is whole sum). */
export const TIYIN_PER_MINOR = 10 ** (2 - MINOR_UNITS.UZS);

/** Our UZS amount in tiyin. */
export function tiyinOf(amountMinor: number): number {
  return amountMinor * TIYIN_PER_MINOR;
}

/** Tiyin as our UZS minor units, or null when it is not a whole number of them. */
export function minorOfTiyin(tiyin: number): number | null {
  if (!Number.isSafeInteger(tiyin) || tiyin % TIYIN_PER_MINOR !== 0) return null;
  return tiyin / TIYIN_PER_MINOR;
}

/** Our UZS amount as sum with two decimals ("50000.00"). */
export function sumWithDecimals(amountMinor: number): string {
  const tiyin = tiyinOf(amountMinor);
  return `${Math.trunc(tiyin / 100)}.${String(tiyin % 100).padStart(2, '0')}`;
}

/** An amount in sum as text ("50000", "50000.5", "50000.00") in tiyin, exactly; null when it is not such a number. */
export function tiyinOfSumText(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const tiyin = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(tiyin) ? tiyin : null;
}
