/**
 * The agency's rules applied where prices are made (docs/decisions/0025-price-rules-stacking-and-rounding.md):
 * every supplier's offers, in search answers and when an offer is priced again for its page or its booking, and the
 * low-fare calendar's days (the ±3-day strip and the popular destinations read it), all through the core's
 * `priceSale`.
 *
 * An offer is priced with the rules in force when it was searched: its signed id carries that time (a built-in
 * offer's `searchedAt`; another supplier's, read by that supplier from its own id), so the page, the booking and the order charge exactly the total the results showed, and a
 * rule written after the search changes nothing of it (service.ts: a version applies only from its time, never
 * sooner than every instance has it). With no rule matching a sale the supplier's price stands as it was.
 */
import { decodeOffer } from '@parvoz/core/offers';
import {
  fromMajorString,
  shareInProportion,
  toMajorString,
  type CurrencyCode,
  type ExchangeRates,
} from '@parvoz/core/money';
import type { Network } from '@parvoz/core/network';
import {
  priceSale,
  type PlaceOfSale,
  type Price,
  type PriceRule,
  type PricingInput,
} from '@parvoz/core/price-rules';
import { shareByType } from '@parvoz/core/price-breakdown';
import { sortResults } from '@parvoz/core/search-ranking';
import type {
  CalendarData,
  CalendarQuery,
  DateGridData,
  DateGridQuery,
  FlightSupplier,
} from '@parvoz/core/supplier';
import { gridCells } from '@parvoz/core/supplier-calendar';
import { offerFacets } from '@parvoz/core/supplier-offers';
import type { FareFamily, Offer, PassengerType, SupplierResult } from '@parvoz/core/search-types';
import { SAMPLED_OFFERS_PER_SEARCH } from './samples.ts';
import type { RuleBook } from './service.ts';

export interface PricingDeps {
  network: Network;
  rates: ExchangeRates;
  book: RuleBook;
  /** The offer ids' secret: a built-in id tells when it was searched. */
  secret: string | Buffer;
  /** The instance's clock (ms), for the rule book's cache. */
  now(): number;
  /** Keeps the cheapest sales of a supplier search for the console's preview (samples.ts); no I/O. */
  sample?(sales: readonly PricingInput[], at: number): void;
}

function placeOf(network: Network, airport: string): PlaceOfSale {
  const known = network.airport(airport);
  return { airport, city: known?.city ?? airport, country: known?.country ?? '' };
}

/** A major-unit amount in minor units of its currency (0 when it does not parse), and back (offers, orders). */
export const minor = (amount: string, currency: CurrencyCode) =>
  fromMajorString(amount, currency)?.amount ?? 0;
export const major = (amount: number, currency: CurrencyCode) => toMajorString({ amount, currency });

/**
 * Each passenger's supplier cost from per-type totals: a type's total shared among its passengers (the first ones
 * take what does not divide), so the costs add up to the total exactly.
 */
function passengerCosts(lines: readonly { type: PassengerType; count: number; totalMinor: number }[]) {
  return lines.flatMap(({ type, count, totalMinor }) =>
    Array.from({ length: count }, (_, i) => ({
      type,
      costMinor: Math.floor(totalMinor / count) + (i < totalMinor % count ? 1 : 0),
    })),
  );
}

/** Whether a rule changed the price (the step's rounding alone leaves the supplier's price as it was). */
const ruled = (price: Price) => price.lines.some((line) => line.ruleId !== 'rounding');

/** The offer's supplier cost per passenger type, in minor units of its currency. */
function costLines(offer: Offer) {
  return offer.price_breakdown.map((b) => ({
    type: b.passenger_type,
    count: b.count,
    totalMinor: minor(b.total_amount, offer.total_currency),
  }));
}

/** The sale of an offer in a fare family, its passengers' costs given per type. */
export function saleOf(
  offer: Offer,
  family: FareFamily,
  lines: readonly { type: PassengerType; count: number; totalMinor: number }[],
  supplier: string,
  at: number,
  deps: Pick<PricingDeps, 'network' | 'rates'>,
  /** The site language it is sold in (SupplierContext `market`); '' for none. */
  market = '',
): PricingInput {
  const first = offer.slices[0]!;
  return {
    supplier,
    airlines: [
      ...new Set(offer.slices.flatMap((s) => s.segments.map((seg) => seg.marketing_carrier.iata_code))),
    ],
    origin: placeOf(deps.network, first.origin),
    destination: placeOf(deps.network, first.destination),
    cabin: offer.cabin_class,
    fareFamily: family,
    passengers: passengerCosts(lines),
    currency: offer.total_currency,
    market,
    saleAt: at,
    departureDate: first.departing_at.slice(0, 10),
    rates: deps.rates,
  };
}

/** The offer at the agency's price for a sale at `at`: unchanged when no rule applies to it. */
export function priceOffer(
  offer: Offer,
  rules: readonly PriceRule[],
  supplier: string,
  at: number,
  deps: PricingDeps,
  market = '',
): Offer {
  if (rules.length === 0 || offer.slices.length === 0) return offer;
  const currency = offer.total_currency;
  const lines = costLines(offer);
  const price = priceSale(saleOf(offer, offer.fare_family, lines, supplier, at, deps, market), rules);
  const families = offer.fare_families.map((option) => {
    if (option.offer_id === offer.id)
      return ruled(price) ? { ...option, total_amount: major(price.totalMinor, currency) } : option;
    // The other families' costs by type in the proportions of this one (exact for a party of one type).
    const optionTotal = minor(option.total_amount, currency);
    const byType = shareInProportion(
      optionTotal,
      lines.map((l) => l.totalMinor),
    );
    const optionLines = lines.map((l, i) => ({ ...l, totalMinor: byType[i]! }));
    const sale = saleOf(offer, option.fare_family, optionLines, supplier, at, deps, market);
    const priced = priceSale(sale, rules);
    return ruled(priced) ? { ...option, total_amount: major(priced.totalMinor, currency) } : option;
  });
  if (!ruled(price))
    return families.some((f, i) => f !== offer.fare_families[i])
      ? { ...offer, fare_families: families }
      : offer;
  // The markups sit in the fare; the fee and the discount are lines of their own (price-breakdown.ts), each type's
  // share in proportion to its cost.
  const shares = shareByType(
    price,
    lines.map((l) => l.totalMinor),
  );
  return {
    ...offer,
    total_amount: major(price.totalMinor, currency),
    base_amount: major(minor(offer.base_amount, currency) + price.markupMinor, currency),
    price_breakdown: offer.price_breakdown.map((b, i) => {
      const { markupMinor, feeMinor, discountMinor } = shares[i]!;
      return {
        ...b,
        fare_amount: major(minor(b.fare_amount, currency) + markupMinor, currency),
        ...(feeMinor !== 0 ? { service_fee_amount: major(feeMinor, currency) } : {}),
        ...(discountMinor !== 0 ? { discount_amount: major(discountMinor, currency) } : {}),
        total_amount: major(
          minor(b.total_amount, currency) + markupMinor + feeMinor - discountMinor,
          currency,
        ),
      };
    }),
    fare_families: families,
    pricing: {
      supplier_total: major(price.supplierCostMinor, currency),
      markup: major(price.markupMinor, currency),
      fee: major(price.feeMinor, currency),
      discount: major(price.discountMinor, currency),
      lines: price.lines.map((l) => ({
        rule_id: l.ruleId,
        kind: l.kind,
        amount: major(l.amountMinor, currency),
      })),
    },
  };
}

/**
 * When an offer id was searched: its supplier reads it from the id when it can, a built-in id says;
 * one that does not is priced as of now.
 */
function searchedAt(supplier: FlightSupplier, offerId: string, deps: PricingDeps, now: number): number {
  const told = supplier.searchedAt?.(offerId, now);
  if (told !== undefined) return told;
  const decoded = decodeOffer(offerId, deps.secret, now);
  return decoded.ok ? decoded.offer.searchedAt : now;
}

/** Offers cheapest first at the agency's prices, ties broken as the supplier's ranking does. */
function cheapestFirst(offers: readonly Offer[]): Offer[] {
  const ranked = offers.map((offer) => ({
    offer,
    totalCents: minor(offer.total_amount, offer.total_currency),
    durationMinutes: offer.slices.reduce((n, s) => n + s.duration_minutes, 0),
    transfers: offer.slices.reduce((n, s) => n + s.transfers, 0),
    score: 0,
  }));
  return sortResults(ranked, 'cheapest').map((r) => r.offer);
}

/** The cheapest few of a search's offers at the supplier's price, as sales for the console's preview. */
function sampleSearch(
  offers: readonly Offer[],
  supplier: string,
  at: number,
  deps: PricingDeps,
  sample: NonNullable<PricingDeps['sample']>,
  market = '',
) {
  const cheapest = offers
    .filter((offer) => offer.slices.length > 0)
    .map((offer) => ({ offer, total: minor(offer.total_amount, offer.total_currency) }))
    .sort((a, b) => a.total - b.total)
    .slice(0, SAMPLED_OFFERS_PER_SEARCH);
  sample(
    cheapest.map(({ offer }) =>
      saleOf(offer, offer.fare_family, costLines(offer), supplier, at, deps, market),
    ),
    at,
  );
}

/** A supplier whose every offer is at the agency's price (search, an offer's page, its booking). */
export function pricedSupplier(supplier: FlightSupplier, deps: PricingDeps): FlightSupplier {
  const priced = async (
    result: SupplierResult<Offer>,
    at: number,
    promo?: PriceRule,
    market = '',
  ): Promise<SupplierResult<Offer>> => {
    if (!result.ok) return result;
    const rules = await deps.book.rulesAt(at, deps.now());
    // A promo code's discount after every rule in force (docs/decisions/0029-promo-codes.md).
    const all = promo ? [...rules, promo] : rules;
    return { ok: true, data: priceOffer(result.data, all, supplier.id, at, deps, market) };
  };
  return {
    id: supplier.id,
    ...(supplier.hold ? { hold: supplier.hold.bind(supplier) } : {}),
    ...(supplier.cancel ? { cancel: supplier.cancel.bind(supplier) } : {}),
    ...(supplier.searchedAt ? { searchedAt: supplier.searchedAt.bind(supplier) } : {}),
    async search(request, ctx) {
      const found = await supplier.search(request, ctx);
      if (!found.ok || found.data.offers.length === 0) return found;
      const market = ctx.market ?? '';
      if (deps.sample) sampleSearch(found.data.offers, supplier.id, ctx.now, deps, deps.sample, market);
      const rules = await deps.book.rulesAt(ctx.now, deps.now());
      if (rules.length === 0) return found;
      const offers = found.data.offers.map((o) => priceOffer(o, rules, supplier.id, ctx.now, deps, market));
      if (offers.every((o, i) => o === found.data.offers[i])) return found;
      // Cheapest first stays cheapest first at the agency's prices (the other orders keep the supplier's ranking).
      const ranked = request.sort === 'cheapest' ? cheapestFirst(offers) : offers;
      const { currency } = found.data;
      return {
        ok: true,
        data: {
          ...found.data,
          offers: ranked,
          facets: offerFacets(deps.network, ranked, request.slices.length, currency),
        },
      };
    },
    async price(offerId, ctx) {
      const { promo, ...asked } = ctx;
      return priced(
        await supplier.price(offerId, asked),
        searchedAt(supplier, offerId, deps, ctx.now),
        promo,
        ctx.market ?? '',
      );
    },
    async reprice(request, ctx) {
      return priced(await supplier.reprice(request, ctx), ctx.now, undefined, ctx.market ?? '');
    },
  };
}

/**
 * A day's lowest total at the agency's price: priced as a sale of the route departing that day in the cabin's first
 * family (rules naming an airline do not apply to a day, which names none); unchanged when no rule applies.
 */
function dayPricer(
  rules: readonly PriceRule[],
  query: Pick<CalendarQuery, 'origin' | 'destination' | 'cabin_class' | 'passengers' | 'lang'>,
  currency: CurrencyCode,
  supplier: string,
  at: number,
  deps: PricingDeps,
) {
  const party = query.passengers ?? { adults: 1, children: 0, infants: 0 };
  const seated = party.adults + party.children;
  const family: FareFamily = query.cabin_class === 'business' ? 'business' : 'light';
  return (departureDate: string, amount: string | null): string | null => {
    if (amount === null) return amount;
    const input: PricingInput = {
      supplier,
      airlines: [],
      origin: placeOf(deps.network, query.origin),
      destination: placeOf(deps.network, query.destination),
      cabin: query.cabin_class,
      fareFamily: family,
      passengers: passengerCosts([{ type: 'adult', count: seated, totalMinor: minor(amount, currency) }]),
      currency,
      market: query.lang ?? '',
      saleAt: at,
      departureDate,
      rates: deps.rates,
    };
    const price = priceSale(input, rules);
    return ruled(price) ? major(price.totalMinor, currency) : amount;
  };
}

/** The calendar's days at the agency's price (`dayPricer`: each day a sale of the route on that day). */
export async function priceCalendar(
  result: SupplierResult<CalendarData>,
  query: CalendarQuery,
  supplier: string,
  at: number,
  deps: PricingDeps,
): Promise<SupplierResult<CalendarData>> {
  if (!result.ok) return result;
  const rules = await deps.book.rulesAt(at, deps.now());
  if (rules.length === 0) return result;
  const price = dayPricer(rules, query, result.data.currency, supplier, at, deps);
  let changed = false;
  const days = result.data.days.map((day) => {
    const min_amount = price(day.date, day.min_amount);
    if (min_amount === day.min_amount) return day;
    changed = true;
    return { ...day, min_amount };
  });
  return changed ? { ok: true, data: { ...result.data, days } } : result;
}

/**
 * The date grid's cells at the agency's price, as the calendar's days are (`dayPricer`: each cell a sale of the
 * route departing on its departure day), and its cheapest cell found again among them.
 */
export async function priceDateGrid(
  result: SupplierResult<DateGridData>,
  query: DateGridQuery,
  supplier: string,
  at: number,
  deps: PricingDeps,
): Promise<SupplierResult<DateGridData>> {
  if (!result.ok) return result;
  const rules = await deps.book.rulesAt(at, deps.now());
  if (rules.length === 0) return result;
  const { departures, returns, currency } = result.data;
  const price = dayPricer(rules, query, currency, supplier, at, deps);
  const kept = new Map(result.data.cells.map((c) => [`${c.departure} ${c.return}`, c.min_amount]));
  const { cells, cheapest } = gridCells(departures, returns, (departure, ret) =>
    price(departure, kept.get(`${departure} ${ret}`) ?? null),
  );
  return { ok: true, data: { ...result.data, cells, cheapest } };
}
