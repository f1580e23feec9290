/**
 * The built-in network in live mode (PARVOZ_MODE=live, docs/operations.md "Demo and live mode"): its flights are
 * generated and its tickets our own numbers, a demonstration, so a live site neither shows nor sells them. It
 * still checks each search request (airports, dates, passengers), so a search is refused exactly as before, but
 * answers with no offers; its offer ids (HMAC-signed, accepted only by the supplier that signed them) are refused
 * as an unknown offer, the same answer as a forged id, so a demo offer says nothing about the demo.
 */
import type { Network } from '@parvoz/core/network';
import type { BuiltinSupplier, CalendarData, DateGridData, FlightSupplier } from '@parvoz/core/supplier';
import type { SupplierResult } from '@parvoz/core/search-types';
import { offerFacets } from '@parvoz/core/supplier-offers';

const NOT_FOUND = { ok: false, error: { code: 'offer_not_found', message: 'Offer not found.' } } as const;

/** `builtin` as a live site uses it: the request checks of its search, never an offer. */
export function withoutBuiltinOffers(builtin: FlightSupplier, network: Network): FlightSupplier {
  return {
    id: builtin.id,
    async search(request, ctx) {
      const result = await builtin.search(request, ctx);
      if (!result.ok) return result;
      const { currency } = result.data;
      return {
        ok: true,
        data: {
          ...result.data,
          offers: [],
          facets: offerFacets(network, [], request.slices.length, currency),
          connected: false,
        },
      };
    },
    async price() {
      return NOT_FOUND;
    },
    async reprice() {
      return NOT_FOUND;
    },
  };
}

/** The price calendar of a live site: the built-in network's fares are not for sale, so every day is empty. */
export function emptyCalendar(
  result: ReturnType<BuiltinSupplier['lowestFares']>,
): SupplierResult<CalendarData> {
  if (!result.ok) return result;
  return {
    ok: true,
    data: {
      ...result.data,
      connected: false,
      days: result.data.days.map((day) => ({ ...day, min_amount: null })),
    },
  };
}

/** The date grid of a live site: as its calendar, not connected and no price (no cell, no cheapest). */
export function emptyDateGrid(result: ReturnType<BuiltinSupplier['dateGrid']>): SupplierResult<DateGridData> {
  if (!result.ok) return result;
  return { ok: true, data: { ...result.data, connected: false, cells: [], cheapest: null } };
}
