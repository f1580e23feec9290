/**
 * The set-up the adapter suites share (create-outcomes, timeouts, identity documents, orders): a Duffel test
 * server selling Tashkent–Istanbul, our Duffel supplier and order adapter on it, a first offer of a search, and
 * the passenger they book.
 */
import { buildNetwork } from '@parvoz/core/network';
import { FIXTURE_NETWORK } from '@parvoz/core/network.fixture';
import type { FlightSupplier } from '@parvoz/core/supplier';
import { createDuffelOrders, type DuffelBookingPassenger, type DuffelOrderOptions } from '../orders.ts';
import type { DuffelSupplierOptions } from '../supplier.ts';
import { duffelSupplierOn } from './duffel-api-testing.ts';
import { duffelAirportsFrom, startDuffelServer, type DuffelTestFlight } from './duffel-server.ts';

const network = buildNetwork(FIXTURE_NETWORK);

/** HY 601 Tashkent–Istanbul at 08:40, 5 h, 200 USD with 40 of tax. */
export const HY_601_FLIGHT: DuffelTestFlight = {
  segments: [
    {
      carrier: { iata_code: 'HY', name: 'Uzbekistan Airways' },
      flight_number: '601',
      origin: 'TAS',
      destination: 'IST',
      departs: '08:40',
      duration_minutes: 300,
    },
  ],
  amount: '200.00',
  tax: '40.00',
  currency: 'USD',
};

/**
 * A Duffel test server playing `flights` between TAS and IST (or `airports`) with `token`, and our supplier (search) and order
 * adapter on it, with shorter deadlines or a search budget where a suite gives them.
 */
export async function startDuffelAdapters(options: {
  token: string;
  secret: string;
  flights: DuffelTestFlight[];
  /** The airports the flights use (the fixture network's), Tashkent and Istanbul unless told. */
  airports?: string[];
  supplier?: Partial<DuffelSupplierOptions>;
  timeouts?: DuffelOrderOptions['timeouts'];
}) {
  const { token, secret } = options;
  const server = await startDuffelServer({
    token,
    airports: duffelAirportsFrom(network, options.airports ?? ['TAS', 'IST']),
    flights: options.flights,
  });
  const supplier = duffelSupplierOn(server, network, token, secret, options.supplier ?? {});
  const orders = createDuffelOrders({
    accessToken: token,
    apiUrl: server.url,
    secret,
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  });
  return { server, supplier, orders };
}

/** A search TAS→IST on `date` through `supplier` (one adult unless told), in economy, in USD. */
export const searchTasIst = (
  supplier: FlightSupplier,
  date: string,
  passengers: { adults: number; children?: number; infants?: number } = { adults: 1 },
) =>
  supplier.search(
    {
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
      passengers: { children: 0, infants: 0, ...passengers },
      cabin_class: 'economy',
      currency: 'USD',
    },
    { now: Date.now() },
  );

/** The id of the first offer of `searchTasIst`; throws when the search fails or finds none. */
export async function firstTasIstOfferId(
  supplier: FlightSupplier,
  date: string,
  passengers?: { adults: number; children?: number; infants?: number },
): Promise<string> {
  const found = await searchTasIst(supplier, date, passengers);
  if (!found.ok) throw new Error(found.error.message);
  if (found.data.offers.length === 0) throw new Error('no Duffel offer to book');
  return found.data.offers[0]!.id;
}

/** Anna Karimova, an adult, with her Uzbek passport valid until `expiresOn`: the passenger the adapter suites book. */
export const annaWithPassport = (expiresOn = '2036-01-31'): DuffelBookingPassenger => ({
  type: 'adult',
  given_name: 'Anna',
  family_name: 'Karimova',
  born_on: '1990-04-12',
  gender: 'female',
  document: { number: 'FA1234567', expires_on: expiresOn, issuing_country_code: 'UZ' },
});
