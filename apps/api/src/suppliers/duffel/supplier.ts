/**
 * Duffel as a `FlightSupplier` (docs/duffel.md; docs/decisions/0017-duffel-supplier.md), through the official
 * SDK with its `basePath` pointed at `DUFFEL_API_URL` (tests: the local test server). Search creates an offer
 * request and maps its offers; `price` re-reads one offer (`GET /air/offers/:id`) by our signed id, and at booking,
 * given the travellers' birth dates, the same flights asked for at their ages (./ages.ts).
 * Re-pricing flights chosen earlier by flight keys (`reprice`) belongs to the built-in network only.
 */
import { createHash } from 'node:crypto';
import { Duffel, DuffelError } from '@duffel/api';
import type { Offer as DuffelOffer } from '@duffel/api/types';
import type { FareConditions } from '@parvoz/core/fare-rules';
import {
  convertMoney,
  fromMajorString,
  isCurrencyCode,
  toMajorString,
  type CurrencyCode,
  type ExchangeRates,
} from '@parvoz/core/money';
import type { Network } from '@parvoz/core/network';
import type { FlightSupplier } from '@parvoz/core/supplier';
import type { FlightSearchData, Offer, SupplierErrorCode, SupplierResult } from '@parvoz/core/search-types';
import { offerFacets } from '@parvoz/core/supplier-offers';
import { passengerList } from '@parvoz/core/passengers';
import { mapDuffelOffer } from './mapping.ts';
import { toOfferRequest } from './passengers.ts';
import { decodeDuffelOfferId, encodeDuffelOfferId } from './offer-id.ts';
import { askedAsOf, passengerIdsByAge, sameFlightsRequest, sameTripOffer } from './ages.ts';
import { DUFFEL_TIMEOUTS, duffelSupplierTimeoutMs, withDeadline, type DuffelTimeouts } from './timeouts.ts';

export const DUFFEL_SUPPLIER_ID = 'duffel';

/** An offer with the fare conditions its supplier states (the built-in's come from the agency's rules). */
export type SupplierOffer = Offer & { conditions?: FareConditions };

export interface DuffelSupplierOptions {
  accessToken: string;
  /** Duffel's API origin; default https://api.duffel.com. */
  apiUrl?: string;
  network: Network;
  rates: ExchangeRates;
  /** HMAC key of our offer ids (OFFER_SECRET). */
  secret: string | Buffer;
  /** Our offers' lifetime: a Duffel offer is shown as expiring no later than this after the search. */
  offerTtlMs: number;
  /**
   * How long a search waits for Duffel (ms, DUFFEL_TIME_BUDGET_MS): Duffel is asked to wait for the airlines a
   * documented margin less (`supplier_timeout`, ./timeouts.ts), so that it answers with those that did answer.
   */
  searchBudgetMs: number;
  /** Shorter waits than Duffel's for re-pricing (./timeouts.ts), for tests only. */
  timeouts?: Partial<DuffelTimeouts>;
  /** Offers that could not be shown (unknown place, airline, currency), by reason. */
  onDropped?: (reason: string, count: number) => void;
}

const MESSAGES: Partial<Record<SupplierErrorCode, string>> = {
  offer_not_found: 'Offer not found.',
  offer_expired: 'Too much time has passed, the ticket has expired. Please try again',
  offer_unavailable: 'The seats of this offer are no longer available.',
};
const refuse = <T>(code: SupplierErrorCode): SupplierResult<T> => ({
  ok: false,
  error: { code, message: MESSAGES[code] ?? 'The request is not valid.' },
});

/** Duffel's refusal codes that mean the offer is gone (decision 0017: to verify in test mode). */
const GONE = new Set(['offer_no_longer_available', 'not_found', 'offer_expired']);

export function createDuffelSupplier(options: DuffelSupplierOptions): FlightSupplier {
  const duffel = new Duffel({
    token: options.accessToken,
    ...(options.apiUrl ? { basePath: options.apiUrl } : {}),
  });
  const { network, rates, secret } = options;
  const { readMs } = { ...DUFFEL_TIMEOUTS, ...options.timeouts };

  /**
   * The offer for these travellers (birth dates in booking order): `offer` when it was asked for their ages, else
   * the same flights, airline and fare brand asked for again at their ages (./ages.ts); null when Duffel sells no
   * such offer. A party of another size is answered `offer` (the booking's checks refuse it).
   */
  async function offerForAges(offer: DuffelOffer, bornOn: readonly string[]): Promise<DuffelOffer | null> {
    const asked = askedAsOf(offer, bornOn);
    if (!asked || asked.length !== offer.passengers.length || passengerIdsByAge(offer, asked)) return offer;
    const answer = await withDeadline(
      duffel.offerRequests.create({
        ...sameFlightsRequest(offer, asked),
        return_offers: true,
        supplier_timeout: duffelSupplierTimeoutMs(readMs),
      }),
      readMs,
      "offer request at the travellers' ages",
    );
    const same = sameTripOffer(offer, answer.data.offers as DuffelOffer[]);
    if (!same) return null;
    const read = duffel.offers.get(same.id, { return_available_services: true });
    return (await withDeadline(read, readMs, 'get offer')).data;
  }

  return {
    id: DUFFEL_SUPPLIER_ID,

    /** Throws on a transport or Duffel failure: the caller (combined.ts) counts it and answers without us. */
    async search(request, ctx): Promise<SupplierResult<FlightSearchData>> {
      const currency: CurrencyCode = request.currency ?? 'USD';
      // Bounded by the search budget itself, whoever calls (the combined search races it too).
      const answer = await withDeadline(
        duffel.offerRequests.create({
          ...toOfferRequest(request),
          return_offers: true,
          supplier_timeout: duffelSupplierTimeoutMs(options.searchBudgetMs),
        }),
        options.searchBudgetMs,
        'offer request',
      );
      const latestExpiry = ctx.now + options.offerTtlMs;
      const dropped = new Map<string, number>();
      const offers: Offer[] = [];
      for (const d of answer.data.offers as DuffelOffer[]) {
        const mapped = mapDuffelOffer(d, {
          network,
          rates,
          currency,
          secret,
          latestExpiry,
          searchedAt: ctx.now,
        });
        if (mapped.ok) offers.push(mapped.offer);
        else dropped.set(mapped.reason, (dropped.get(mapped.reason) ?? 0) + 1);
      }
      for (const [reason, count] of dropped) options.onDropped?.(reason, count);
      return {
        ok: true,
        data: {
          id: 'srch_' + createHash('sha256').update(answer.data.id).digest('base64url').slice(0, 22),
          created_at: new Date(ctx.now).toISOString(),
          expires_at: new Date(latestExpiry).toISOString(),
          currency,
          cabin_class: request.cabin_class ?? 'economy',
          passengers: passengerList({
            adults: request.passengers.adults,
            children: request.passengers.children ?? 0,
            infants: request.passengers.infants ?? 0,
          }),
          offers,
          facets: offerFacets(network, offers, request.slices.length, currency),
          connected: offers.length > 0,
        },
      };
    },

    async price(offerId, ctx): Promise<SupplierResult<SupplierOffer>> {
      const decoded = decodeDuffelOfferId(offerId, secret, ctx.now);
      if (!decoded.ok) return refuse(decoded.error);
      const { ref } = decoded;
      let d: DuffelOffer;
      try {
        // With its extra bags (`available_services`), which Duffel lists only when asked.
        d = (
          await withDeadline(
            duffel.offers.get(ref.offer, { return_available_services: true }),
            readMs,
            'get offer',
          )
        ).data;
      } catch (error) {
        if (error instanceof DuffelError && error.errors?.some((e) => GONE.has(e.code)))
          return refuse('offer_unavailable');
        // Duffel unreachable or failing: the offer cannot be confirmed now.
        return refuse('offer_unavailable');
      }
      const searched = d;
      if (ctx.bornOn) {
        const forAges = await offerForAges(d, ctx.bornOn).catch(() => null);
        if (!forAges) return refuse('offer_unavailable');
        d = forAges;
      }
      const mapped = mapDuffelOffer(d, {
        network,
        rates,
        // Charged in the airline's currency (docs/duffel.md): what Duffel takes from the balance, with no
        // rate of ours in between (decision 0017, "Currency"). The currency asked for is shown beside it, for
        // reference.
        currency: isCurrencyCode(d.total_currency) ? d.total_currency : (ctx.currency ?? ref.currency),
        secret,
        latestExpiry: ref.expiresAt,
        searchedAt: ref.searchedAt ?? ctx.now,
      });
      if (!mapped.ok) return refuse('offer_unavailable');
      const asked = ctx.currency ?? ref.currency;
      // The id the traveller came with stays the offer's id, whatever currency it is priced in now; an offer asked
      // for the travellers' ages is another offer at Duffel, so it gets its own id.
      const id = d === searched ? offerId : encodeDuffelOfferId({ ...ref, offer: d.id }, secret);
      const offer: SupplierOffer = { ...mapped.offer, id, conditions: mapped.conditions };
      const total = fromMajorString(offer.total_amount, offer.total_currency);
      if (asked !== offer.total_currency && total) {
        offer.display_total = { amount: toMajorString(convertMoney(total, asked, rates)), currency: asked };
      }
      return { ok: true, data: offer };
    },

    async reprice() {
      return refuse('offer_not_found');
    },

    searchedAt(offerId, now) {
      const decoded = decodeDuffelOfferId(offerId, secret, now);
      return decoded.ok ? decoded.ref.searchedAt : undefined;
    },
  };
}
