/**
 * Formatting shared by the booking emails, the e-ticket PDF and the sandbox card page: local flight times,
 * money and place names in the reader's language (through Intl and the place-name data).
 */
import { buildPlaceIndex, type PlaceIndex } from '@parvoz/core/places';
import { formatMoney, isCurrency } from '@parvoz/i18n/currency';
import type { Locale } from '@parvoz/i18n/locales';
import { loadNetworkData } from '../../adapters/network-data.ts';

let index: PlaceIndex | undefined;
function places(): PlaceIndex {
  if (!index) {
    const { network, names } = loadNetworkData();
    index = buildPlaceIndex(network, names);
  }
  return index;
}

/** "Tashkent (TAS)" / "Ташкент (TAS)" for an airport code. */
export function placeName(lang: Locale, airportCode: string): string {
  const airport = places().airports.get(airportCode);
  const city = airport ? places().cities.get(airport.cityCode) : undefined;
  const name = city ? (city.names[lang] ?? city.names.en) : (airport?.name ?? airportCode);
  return `${name} (${airportCode})`;
}

/** A searched place, a city code ("MOW") or an airport code ("TAS"), by its city's name: "Moscow", "Ташкент". */
export function searchPlaceName(lang: Locale, code: string): string {
  const city = places().cities.get(code) ?? places().cities.get(places().airports.get(code)?.cityCode ?? '');
  return city ? (city.names[lang] ?? city.names.en) : (places().airports.get(code)?.name ?? code);
}

/**
 * A local ISO date-time with offset ("2026-12-15T08:40:00+05:00") as the airport's wall-clock date and time:
 * the digits are formatted as if in UTC, so the reader sees the local time whatever the server's zone.
 */
export function formatLocalDateTime(lang: Locale, iso: string): { date: string; time: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  if (!m) return { date: iso, time: '' };
  const at = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!));
  return {
    date: new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(at),
    time: new Intl.DateTimeFormat(lang, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }).format(at),
  };
}

/** A calendar date (YYYY-MM-DD) in the reader's language. */
export function formatDate(lang: Locale, isoDate: string): string {
  const at = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at.getTime())
    ? isoDate
    : new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}

/** An instant (e.g. the order date) in the reader's language, in UTC. */
export function formatInstant(lang: Locale, iso: string): string {
  const at = new Date(iso);
  return (
    new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at) +
    ' UTC'
  );
}

export function formatAmount(lang: Locale, amount: string, currency: string): string {
  return isCurrency(currency) ? formatMoney(lang, Number(amount), currency) : `${amount} ${currency}`;
}

/** ISO 8601 duration ("PT5H40M") as "5 h 40 min" in the reader's language. */
export function formatDuration(lang: Locale, iso: string): string {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(iso);
  if (!m) return iso;
  const parts: string[] = [];
  const unit = (value: number, u: 'hour' | 'minute') =>
    new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  if (m[1]) parts.push(unit(Number(m[1]), 'hour'));
  if (m[2]) parts.push(unit(Number(m[2]), 'minute'));
  return parts.join(' ') || unit(0, 'minute');
}

/** The message keys of a passenger type and a booking status (emails and PDFs). */
export const PASSENGER_TYPE_KEYS = {
  adult: 'ticket.passengerType.adult',
  child: 'ticket.passengerType.child',
  infant: 'ticket.passengerType.infant',
} as const;

export const BOOKING_STATUS_KEYS = {
  new: 'ticket.bookingStatus.new',
  booked: 'ticket.bookingStatus.booked',
  cancelled: 'ticket.bookingStatus.cancelled',
} as const;
