/**
 * Last-minute tours on the public pages: the list with its filters, one tour, a traveller's request (emailed to
 * the operator) and the demonstration tours put on sale at start.
 */
import type { Database } from '@parvoz/db';
import type { LocalizedText } from '@parvoz/db/schema';
import type { Locale } from '@parvoz/i18n/locales';
import {
  BOARD_BASES,
  TOUR_INCLUDES,
  type BoardBasis,
  type TourDetail,
  type TourInclude,
  type TourRequestInput,
  type TourSummary,
  type ToursList,
  type ToursQuery,
} from '@parvoz/contracts/tours';
import {
  convertMoney,
  isCurrencyCode,
  money,
  toMajorString,
  type CurrencyCode,
  type ExchangeRates,
} from '@parvoz/core/money';
import { addDays, partyFits, tourReturnDate, tourSalesEnd, utcDate } from '@parvoz/core/tours';
import { loadNetworkData } from '../../adapters/network-data.ts';
import { ApiFailure } from '../../errors.ts';
import { queueOperatorEmail, type OperatorContact } from '../mail/index.ts';
import { DEMO_TOURS } from './demo-tours.ts';
import { insertOrRollTour, insertTourRequest, tourOnSale, toursOnSale, type TourRow } from './store.ts';

/** A text in the asked language, else English, else any. */
export function localized(text: LocalizedText | null | undefined, lang: Locale): string | null {
  if (!text) return null;
  return text[lang] ?? text.en ?? Object.values(text).find(Boolean) ?? null;
}

function cityName(code: string, lang: Locale): string {
  const names = loadNetworkData().names.cities[code];
  return names?.[lang] ?? names?.en ?? code;
}

function countryName(code: string, lang: Locale): string {
  const names = loadNetworkData().names.countries[code];
  return names?.[lang] ?? names?.en ?? new Intl.DisplayNames(lang, { type: 'region' }).of(code) ?? code;
}

function priceOf(row: TourRow, display: CurrencyCode | undefined, rates: ExchangeRates) {
  const base = { amount: String(row.priceFromMinor), currency: row.currency };
  if (!isCurrencyCode(row.currency)) return { price: base, base_price: base };
  const own = money(row.priceFromMinor, row.currency);
  const shown = display ? convertMoney(own, display, rates) : own;
  return {
    price: { amount: toMajorString(shown), currency: shown.currency },
    base_price: { amount: toMajorString(own), currency: own.currency },
  };
}

function summaryOf(
  row: TourRow,
  lang: Locale,
  display: CurrencyCode | undefined,
  rates: ExchangeRates,
): TourSummary {
  return {
    slug: row.slug,
    title: localized(row.title, lang) ?? row.slug,
    summary: localized(row.summary, lang),
    origin: { code: row.originCode, name: cityName(row.originCode, lang) },
    destination: {
      code: row.destinationCode,
      name: cityName(row.destinationCode, lang),
      country_code: row.countryCode,
      country_name: countryName(row.countryCode, lang),
    },
    departs_on: row.departsOn,
    returns_on: tourReturnDate(row.departsOn, row.nights),
    nights: row.nights,
    hotel: row.hotelName ? { name: row.hotelName, stars: row.hotelStars } : null,
    board_basis: (BOARD_BASES as readonly string[]).includes(row.boardBasis ?? '')
      ? (row.boardBasis as BoardBasis)
      : null,
    includes: row.includes.filter((code): code is TourInclude =>
      (TOUR_INCLUDES as readonly string[]).includes(code),
    ),
    seats_left: row.seatsLeft,
    ...priceOf(row, display, rates),
    image_url: row.imageUrl,
  };
}

export type ToursContext = { db: Database; now: Date; rates: ExchangeRates };

/** The tours on sale (filtered by departure city and month) and the filter choices over all of them. */
export async function listTours(ctx: ToursContext, query: ToursQuery): Promise<ToursList> {
  const rows = await toursOnSale(ctx.db, ctx.now);
  const matching = rows.filter(
    (row) =>
      (!query.origin || row.originCode === query.origin) &&
      (!query.month || row.departsOn.startsWith(`${query.month}-`)),
  );
  const origins = [...new Set(rows.map((row) => row.originCode))]
    .map((code) => ({ code, name: cityName(code, query.lang) }))
    .sort((a, b) => a.name.localeCompare(b.name, query.lang));
  const months = [...new Set(rows.map((row) => row.departsOn.slice(0, 7)))].sort();
  return {
    data: matching.map((row) => summaryOf(row, query.lang, query.currency, ctx.rates)),
    facets: { origins, months },
  };
}

/** One tour on sale, or null (unknown, unpublished, sales closed or departed). */
export async function getTour(
  ctx: ToursContext,
  slug: string,
  lang: Locale,
  currency: CurrencyCode | undefined,
): Promise<TourDetail | null> {
  const row = await tourOnSale(ctx.db, slug, ctx.now);
  if (!row) return null;
  return { ...summaryOf(row, lang, currency, ctx.rates), description: localized(row.description, lang) };
}

/**
 * Stores a traveller's request about a tour and queues the operator's email in the same transaction.
 * Seats are not taken: the operator confirms availability and price with the traveller.
 */
export async function createTourRequest(
  ctx: ToursContext & { operator: OperatorContact; userId: string | null },
  slug: string,
  input: TourRequestInput,
): Promise<{ id: string }> {
  const row = await tourOnSale(ctx.db, slug, ctx.now);
  if (!row) throw new ApiFailure('not_found', 'No such tour on sale.');
  if (!partyFits(row.seatsLeft, input.adults, input.children)) {
    throw new ApiFailure('unprocessable', 'Not enough places left on this tour.', {
      reason: 'not_enough_seats',
      seats_left: row.seatsLeft,
    });
  }
  // The form as stored and as the operator reads it.
  const request = {
    fullName: input.full_name,
    email: input.email,
    phone: input.phone,
    adults: input.adults,
    children: input.children,
    message: input.message,
    lang: input.lang,
  };
  const { id } = await insertTourRequest(ctx.db, {
    tourId: row.id,
    userId: ctx.userId,
    ...request,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  const lang = ctx.operator.lang;
  const tour = {
    tourTitle: localized(row.title, lang) ?? row.slug,
    tourUrl: `${ctx.operator.publicUrl}/${lang}/tours/${row.slug}`,
    departsOn: row.departsOn,
    returnsOn: tourReturnDate(row.departsOn, row.nights),
  };
  await queueOperatorEmail(
    ctx.db,
    ctx.operator,
    { kind: 'tour-request', reference: id, ...tour, ...request },
    ctx.now,
  );
  return { id };
}

/**
 * Puts the demonstration tours on sale: inserts the missing ones and moves a tour whose sales have closed
 * to its next departure (counted from today). Idempotent and safe when several instances start at once.
 */
export async function seedDemoTours(db: Database, now: Date): Promise<void> {
  const today = utcDate(now);
  for (const [index, tour] of DEMO_TOURS.entries()) {
    const departsOn = addDays(today, tour.inDays);
    const validUntil = tourSalesEnd(departsOn);
    await insertOrRollTour(
      db,
      {
        slug: tour.slug,
        title: tour.title,
        summary: tour.summary,
        description: tour.description,
        originCode: tour.originCode,
        destinationCode: tour.destinationCode,
        countryCode: tour.countryCode,
        hotelName: tour.hotelName,
        hotelStars: tour.hotelStars,
        boardBasis: tour.boardBasis,
        departsOn,
        nights: tour.nights,
        priceFromMinor: tour.priceFromMinor,
        currency: 'USD',
        imageUrl: tour.imageUrl,
        includes: tour.includes,
        seatsLeft: tour.seatsLeft,
        validUntil,
        published: true,
        sortOrder: index,
      },
      now,
    );
  }
}
