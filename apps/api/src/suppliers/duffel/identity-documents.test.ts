/**
 * docs/duffel.md: identity documents as the offer says. Duffel's rules, which the stand-in enforces
 * (testing/duffel-server.ts):
 *  - the official client's OfferTypes (@duffel/api 4.30): `passenger_identity_documents_required` — "If this is
 *    `true`, you must provide an identity document for every passenger"; `supported_passenger_identity_document_types`
 *    — "The types of identity documents supported by the airline and may be provided for the passengers";
 *  - its CreateOrderPassenger.identity_documents: "You may only provide one identity document per passenger. The
 *    identity document's type must be included in the offer's allowed_passenger_identity_document_types";
 *  - https://duffel.com/docs/api/offers/get-offers: "If this is [], then you must not provide identity documents"
 *    (of the deprecated `allowed_…` field, for which `supported_…` "provides equivalent behaviour").
 * The site collects a passport for every passenger; it sends it only when the offer requires a document and
 * supports passports, never otherwise, and does not try to book an offer that requires a document it cannot give.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { buildNetwork } from '@parvoz/core/network';
import { FIXTURE_NETWORK } from '@parvoz/core/network.fixture';
import { duffelSupplierOn } from './testing/duffel-api-testing.ts';
import type { DuffelBookingInput, DuffelOrders } from './orders.ts';
import type { DuffelTestServer } from './testing/duffel-server.ts';
import {
  annaWithPassport,
  firstTasIstOfferId,
  HY_601_FLIGHT,
  searchTasIst,
  startDuffelAdapters,
} from './testing/duffel-adapters.ts';
import { ANNA_PASSPORT_AT_DUFFEL, duffelPassenger, postDuffelOrder } from './testing/duffel-fixtures.ts';

const network = buildNetwork(FIXTURE_NETWORK);
const TOKEN = 'duffel_test_documents0123456789';
const SECRET = 'test-offer-secret-0123456789';
const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
let server: DuffelTestServer;
let orders: DuffelOrders;
let search: () => Promise<string>;

beforeAll(async () => {
  const started = await startDuffelAdapters({ token: TOKEN, secret: SECRET, flights: [HY_601_FLIGHT] });
  ({ server, orders } = started);
  search = () => firstTasIstOfferId(started.supplier, date);
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  server.knobs.identityDocuments = { required: true, supported: ['passport'] };
});

const input = (offerId: string, key: string): DuffelBookingInput => ({
  offerId,
  passengers: [annaWithPassport()],
  contact: { email: 'anna@example.com', phone: '+998 90 123 45 67' },
  idempotencyKey: key,
  type: 'instant',
});

/** The passengers of the last create-order call the stand-in received. */
const sentPassengers = () =>
  server.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders').at(-1)!.body!.data
    .passengers as Record<string, unknown>[];
const creations = () => server.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders').length;

describe('identity documents at Duffel', () => {
  test('required, passports supported: the passport is sent', async () => {
    const result = await orders.book(input(await search(), 'docs-required'), Date.now());
    expect(result.ok).toBe(true);
    expect(sentPassengers()[0]!.identity_documents).toEqual([ANNA_PASSPORT_AT_DUFFEL]);
  });

  test('an offer that supports no document type: none is sent, and the order is made', async () => {
    server.knobs.identityDocuments = { required: false, supported: [] };
    const result = await orders.book(input(await search(), 'docs-none'), Date.now());
    expect(result.ok).toBe(true);
    expect(sentPassengers()[0]).not.toHaveProperty('identity_documents');
  });

  test('passports supported but not required: none is sent', async () => {
    server.knobs.identityDocuments = { required: false, supported: ['passport'] };
    const result = await orders.book(input(await search(), 'docs-optional'), Date.now());
    expect(result.ok).toBe(true);
    expect(sentPassengers()[0]).not.toHaveProperty('identity_documents');
  });

  test('an offer that requires a document the site does not collect is not shown', async () => {
    server.knobs.identityDocuments = { required: true, supported: ['tax_id'] };
    const dropped: [string, number][] = [];
    const supplier = duffelSupplierOn(server, network, TOKEN, SECRET, {
      onDropped: (reason, count) => dropped.push([reason, count]),
    });
    const result = await searchTasIst(supplier, date);
    expect(result.ok && result.data.offers).toEqual([]);
    expect(dropped).toEqual([['identity_documents', 1]]);
  });

  test('a document required of a type the site does not collect: refused before any order is asked for', async () => {
    // Shown while its terms allowed it; by booking time the airline asks for a document we do not collect.
    const offerId = await search();
    [...server.offers.values()].at(-1)!.supported_passenger_identity_document_types = ['tax_id'];
    const before = creations();
    const result = await orders.book(input(offerId, 'docs-unsupported'), Date.now());
    expect(result).toMatchObject({ ok: false, code: 'offer_unavailable' });
    expect(creations()).toBe(before);
  });

  test('the stand-in refuses what Duffel documents as not allowed', async () => {
    const asked = async (terms: { required: boolean; supported: string[] }, documents?: unknown[]) => {
      server.knobs.identityDocuments = terms;
      await search();
      const offer = [...server.offers.values()].at(-1)!;
      const { identity_documents: _passport, ...bare } = duffelPassenger(offer.passengers[0].id);
      const passenger = { ...bare, ...(documents ? { identity_documents: documents } : {}) };
      const response = await postDuffelOrder(server, TOKEN, {
        selected_offers: [offer.id],
        type: 'hold',
        passengers: [passenger],
      });
      return response.status;
    };
    const passport = {
      type: 'passport',
      unique_identifier: 'FA1',
      issuing_country_code: 'UZ',
      expires_on: '2036-01-31',
    };
    expect(await asked({ required: true, supported: ['passport'] })).toBe(422);
    expect(await asked({ required: false, supported: [] }, [passport])).toBe(422);
    expect(await asked({ required: true, supported: ['passport'] }, [passport, passport])).toBe(422);
    expect(await asked({ required: true, supported: ['passport'] }, [passport])).toBe(201);
    expect(await asked({ required: false, supported: ['passport'] })).toBe(201);
  });
});
