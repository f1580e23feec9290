/** GET /v1/flights/date-grid for a round trip's results page (features/search/date-grid.ts). Never rejects. */
import { endpoints } from '@parvoz/contracts/endpoints';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import type { ApiClient } from '../../lib/api.server.ts';
import type { DateGrid } from './date-grid.ts';
import type { SearchInput } from './results.server.ts';

/** The grid around the search's departure and return, for its travellers and cabin; an error outcome on failure. */
export async function searchDateGrid(
  api: ApiClient,
  input: SearchInput,
  signal?: AbortSignal,
): Promise<DateGrid> {
  const { params } = input;
  if (!params.returnDate) return { kind: 'error' };
  try {
    const answer = await callEndpoint(api, endpoints.flightDateGrid, {
      query: {
        origin: params.origin,
        destination: params.destination,
        departure_date: params.departureDate,
        return_date: params.returnDate,
        cabin_class: params.cabin,
        currency: input.currency,
        lang: input.lang,
        adults: params.passengers.adults,
        children: params.passengers.children,
        infants: params.passengers.infants,
      },
      ...(signal ? { signal } : {}),
    });
    return { kind: 'ok', ...answer.data };
  } catch {
    return { kind: 'error' };
  }
}
