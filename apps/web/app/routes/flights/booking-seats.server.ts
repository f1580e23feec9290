import { endpoints } from '@parvoz/contracts/endpoints';
import type { ApiSeatMap } from '@parvoz/contracts/seats';
import type { Currency } from '@parvoz/i18n/currency';
import type { Locale } from '@parvoz/i18n/locales';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import type { RequestState } from '../../lib/request-context.server.ts';
import type { PageSeatMap } from './booking-seats-model.ts';

/** A map as the page carries it: each seat's price per passenger (null: not for them), no empty lists. */
export function pageSeatMap(map: ApiSeatMap, passengers: number): PageSeatMap {
  return {
    slice_index: map.slice_index,
    segment_index: map.segment_index,
    rows: map.rows.map((row) => ({
      number: row.number,
      sections: row.sections.map((section) =>
        section.map((seat) => {
          const prices = Array.from(
            { length: passengers },
            (_, i) => seat.services.find((s) => s.passenger_index === i)?.amount ?? null,
          );
          return {
            designator: seat.designator,
            ...(seat.features.length > 0 ? { features: seat.features } : {}),
            ...(prices.some((p) => p !== null) ? { prices } : {}),
          };
        }),
      ),
    })),
  };
}

/**
 * The offer's seat maps for the booking page (docs/seats.md); none when the airline shows none or they could not
 * be read (the traveller then books without choosing: the airline seats them at check-in).
 */
export async function loadSeatMaps(
  state: RequestState,
  offerId: string,
  passengers: number,
  query: { currency: Currency; lang: Locale },
): Promise<PageSeatMap[]> {
  try {
    const answer = await callEndpoint(state.api, endpoints.offerSeatMaps, { params: { id: offerId }, query });
    return answer.data.map((map) => pageSeatMap(map, passengers));
  } catch (error) {
    state.log.warn({ err: error }, 'seat maps not read');
    return [];
  }
}
