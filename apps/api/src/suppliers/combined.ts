/**
 * Several suppliers behind one `FlightSupplier` (docs/duffel.md, several suppliers in one search;
 * docs/decisions/0017-duffel-supplier.md).
 *
 * Search: the primary (built-in) supplier answers and decides whether the request is valid (its refusal is the
 * search's); every other supplier runs within its own time budget. One that is late, throws or refuses never fails
 * the search: it is reported (`onFailure`: logged and counted on /metrics) and the answer says `incomplete: true`.
 * Offers are merged, identical itineraries (same flights, same cabin) keep the cheaper, then ranked by the
 * request's order with the built-in engine's weights and faceted together.
 *
 * Streaming (`searchStaged`): the primary's answer is handed out as soon as it is there, beside a promise of the
 * merged answer, so a results page can show the built-in offers at once and the others when they arrive; `search`
 * is the merged answer alone.
 *
 * price: by the id's owner (each supplier refuses ids not its own as not found). reprice: the primary's.
 */
import { convertMoney, fromMajorString, type CurrencyCode, type ExchangeRates } from '@parvoz/core/money';
import type { Network } from '@parvoz/core/network';
import { createScore, sortResults } from '@parvoz/core/search-ranking';
import { ENGINE_DEFAULTS } from '@parvoz/core/search-config';
import { SupplierNoAnswer, type FlightSupplier, type SupplierContext } from '@parvoz/core/supplier';
import type { FlightSearchData, FlightSearchRequest, Offer, SupplierResult } from '@parvoz/core/search-types';
import { offerFacets } from '@parvoz/core/supplier-offers';

export interface BudgetedSupplier {
  supplier: FlightSupplier;
  /** How long a search waits for this supplier (ms). */
  budgetMs: number;
  /** Whether an offer id belongs to this supplier. */
  owns(offerId: string): boolean;
}

export type SupplierFailureReason = 'timeout' | 'error' | 'refused';

export interface CombinedSupplierOptions {
  network: Network;
  rates: ExchangeRates;
  onFailure?: (supplier: string, reason: SupplierFailureReason, detail: unknown) => void;
}

/** A search answer that may lack some supplier's offers. */
export type CombinedSearchData = FlightSearchData & { incomplete?: true };

/** A search in two stages: the primary's answer, and the merged one still to come. */
export interface StagedSearch {
  /** The primary supplier's answer (its refusal is the search's). */
  first: SupplierResult<FlightSearchData>;
  /**
   * The merged answer, once every other supplier answered or ran out of its budget (never rejects); null when the
   * primary refused (nobody else was asked).
   */
  merged: Promise<SupplierResult<CombinedSearchData>> | null;
}

export interface CombinedSupplier extends FlightSupplier {
  /** The primary's answer as soon as it is there; the other suppliers are asked once, in the background. */
  searchStaged(request: FlightSearchRequest, ctx: SupplierContext): Promise<StagedSearch>;
}

const LATE = Symbol('late');

function within<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Same flights on every slice in the same cabin: one itinerary whoever sells it. */
export function itineraryKey(offer: Offer): string {
  return (
    offer.cabin_class +
    ':' +
    offer.slices.map((s) => s.segments.map((seg) => seg.flight_key).join(',')).join('|')
  );
}

const amountOf = (offer: Offer, currency: CurrencyCode) =>
  fromMajorString(offer.total_amount, currency)?.amount ?? Number.MAX_SAFE_INTEGER;

/** Merged offers: for identical itineraries the cheaper (the earlier on a tie), ranked by `order`. */
export function mergeOffers(
  lists: readonly (readonly Offer[])[],
  request: Pick<FlightSearchRequest, 'sort'>,
  currency: CurrencyCode,
  rates: ExchangeRates,
): Offer[] {
  const kept = new Map<string, Offer>();
  for (const list of lists)
    for (const offer of list) {
      const key = itineraryKey(offer);
      const held = kept.get(key);
      if (!held || amountOf(offer, currency) < amountOf(held, currency)) kept.set(key, offer);
    }
  const score = createScore(ENGINE_DEFAULTS);
  const ranked = [...kept.values()].map((offer) => {
    const usd = fromMajorString(offer.total_amount, currency);
    const totalCents = usd ? convertMoney(usd, 'USD', rates).amount : Number.MAX_SAFE_INTEGER;
    const durationMinutes = offer.slices.reduce((n, s) => n + s.duration_minutes, 0);
    const transfers = offer.slices.reduce((n, s) => n + s.transfers, 0);
    const seated = offer.passengers.filter((p) => p.type !== 'infant').length;
    return {
      offer,
      totalCents,
      durationMinutes,
      transfers,
      score: score(totalCents, seated, durationMinutes, transfers),
    };
  });
  return sortResults(ranked, request.sort ?? 'best').map((r) => r.offer);
}

export function createCombinedSupplier(
  primary: FlightSupplier,
  others: readonly BudgetedSupplier[],
  options: CombinedSupplierOptions,
): CombinedSupplier {
  const report = (id: string, reason: SupplierFailureReason, detail: unknown) =>
    options.onFailure?.(id, reason, detail);

  /** The other suppliers' offers (each within its budget) merged with the primary's answer `main`. */
  async function merge(
    request: FlightSearchRequest,
    main: FlightSearchData,
    ctx: SupplierContext,
  ): Promise<SupplierResult<CombinedSearchData>> {
    const answers = await Promise.all(
      others.map(async ({ supplier, budgetMs }) => {
        try {
          const result = await within(supplier.search(request, ctx), budgetMs);
          if (result === LATE) {
            report(supplier.id, 'timeout', { budgetMs });
            return null;
          }
          if (!result.ok) {
            report(supplier.id, 'refused', result.error);
            return null;
          }
          return result.data.offers;
        } catch (error) {
          // The supplier's own deadline (its call bounded by the same budget): late, not failed.
          if (error instanceof SupplierNoAnswer) report(supplier.id, 'timeout', { budgetMs });
          else report(supplier.id, 'error', error);
          return null;
        }
      }),
    );
    const incomplete = answers.some((a) => a === null);
    const extra = answers.filter((a): a is Offer[] => a !== null && a.length > 0);
    if (extra.length === 0) return { ok: true, data: incomplete ? { ...main, incomplete: true } : main };
    const { currency } = main;
    const offers = mergeOffers([main.offers, ...extra], request, currency, options.rates);
    const data: CombinedSearchData = {
      ...main,
      offers,
      facets: offerFacets(options.network, offers, request.slices.length, currency),
      connected: main.connected || offers.length > 0,
    };
    if (incomplete) data.incomplete = true;
    return { ok: true, data };
  }

  async function searchStaged(request: FlightSearchRequest, ctx: SupplierContext): Promise<StagedSearch> {
    const first = await primary.search(request, ctx);
    if (!first.ok) return { first, merged: null };
    return { first, merged: merge(request, first.data, ctx) };
  }

  return {
    id: [primary.id, ...others.map((o) => o.supplier.id)].join('+'),

    searchStaged,

    async search(request, ctx): Promise<SupplierResult<CombinedSearchData>> {
      const { first, merged } = await searchStaged(request, ctx);
      return merged ?? first;
    },

    async price(offerId, ctx) {
      const owner = others.find((o) => o.owns(offerId));
      return (owner?.supplier ?? primary).price(offerId, ctx);
    },

    reprice(request, ctx) {
      return primary.reprice(request, ctx);
    },
  };
}
