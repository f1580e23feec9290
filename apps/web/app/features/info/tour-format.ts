import type { Locale } from '@parvoz/i18n/locales';
import type { BoardBasis, TourInclude, TourSummary } from '@parvoz/contracts/tours';
import type { MessageKey } from '../../lib/i18n.tsx';
import { formatDate } from '../../lib/local-time.ts';
import { formatAmount } from '../../lib/use-money.ts';

/** A calendar date (YYYY-MM-DD) as written in the locale, e.g. "12 Aug 2026". */
export function formatTourDate(locale: Locale, isoDate: string): string {
  return formatDate(locale, 'mediumDate', new Date(`${isoDate}T00:00:00Z`));
}

/** A month (YYYY-MM) with its year, e.g. "August 2026". */
export function formatTourMonth(locale: Locale, month: string): string {
  return formatDate(locale, 'monthYear', new Date(`${month}-01T00:00:00Z`));
}

/** The per-person price in its currency. */
export function formatTourPrice(locale: Locale, price: TourSummary['price']): string {
  return formatAmount(locale, price.amount, price.currency);
}

/** Labels of the meal plans and of what a price includes (message keys). */
export const BOARD_LABELS: Record<BoardBasis, MessageKey> = {
  RO: 'tours.board.RO',
  BB: 'tours.board.BB',
  HB: 'tours.board.HB',
  FB: 'tours.board.FB',
  AI: 'tours.board.AI',
};
export const INCLUDE_LABELS: Record<TourInclude, MessageKey> = {
  flight: 'tours.includes.flight',
  hotel: 'tours.includes.hotel',
  transfer: 'tours.includes.transfer',
  insurance: 'tours.includes.insurance',
  baggage: 'tours.includes.baggage',
  excursions: 'tours.includes.excursions',
  visa_support: 'tours.includes.visa_support',
};
