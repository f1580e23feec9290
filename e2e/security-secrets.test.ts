/**
 * No secret is a constant (docs/operations.md#secrets). A site started the way most people first deploy it
 * (npm start, NODE_ENV unset, no keys configured) used to sign with keys printed in the public source: anyone
 * could sign a `payment.succeeded` webhook, compute an order's access token or forge an offer id. Now the
 * keys are generated on first start and kept (PostgreSQL: the server_secrets table; embedded: secrets.json,
 * 0600). Needs DATABASE_URL (npm test starts a PostgreSQL server for the suite).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeOffer, encodeOffer } from '@parvoz/core/offers';
import type { Offer } from '@parvoz/core/search-types';
import { schema } from '@parvoz/db';
import type { TestDatabase } from '@parvoz/db/testing';
import { bookingBody } from '../apps/api/src/testing/booking.ts';
import { sandboxWebhook } from '../apps/api/src/payments/sandbox.ts';
import { startSite, type RunningSite, postgresTestDatabase } from './support/server.ts';
import { isNonstop, searchOffers } from './support/offers.ts';
import { ANONYMOUS } from './support/api.ts';
import { paymentsOf } from '../apps/api/src/modules/payments/testing/payments.ts';
import { countOrders, orderOf } from '../apps/api/src/modules/orders/testing/fixtures.ts';

/** The keys earlier versions used when none was configured (they were constants in the public source). */
const OLD_OFFER_SECRET = 'parvoz-development-offer-secret';
const OLD_PAYMENT_WEBHOOK_SECRET = 'parvoz-development-payment-webhook-secret';
const booking = () => ({ ...ANONYMOUS, 'idempotency-key': randomUUID() });

/** The order access token as earlier versions derived it: HMAC of the order id under OFFER_SECRET. */
function oldAccessToken(secret: string, orderId: string): string {
  const key = createHmac('sha256', secret).update('parvoz order access token v1').digest();
  return createHmac('sha256', key).update(orderId).digest('base64url');
}

async function firstOffer(site: RunningSite): Promise<Offer> {
  const offers = await searchOffers(site.url, { days: 40 });
  return offers.find(isNonstop) ?? offers[0]!;
}

async function book(site: RunningSite, offerId: string, offer: Offer) {
  const response = await fetch(`${site.url}/v1/orders`, {
    method: 'POST',
    headers: booking(),
    body: JSON.stringify(bookingBody(offer, { offer_id: offerId })),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: { id: string; access_token: string } },
  };
}

describe('a site with no keys configured, on PostgreSQL', () => {
  let database: TestDatabase;
  let site: RunningSite;

  beforeAll(async () => {
    database = await postgresTestDatabase();
    site = await startSite({ DATABASE_URL: database.url! });
  });

  afterAll(async () => {
    await site?.stop();
    await database?.close();
  });

  const kept = async (name: string) =>
    (
      await database.db
        .select({ value: schema.serverSecrets.value })
        .from(schema.serverSecrets)
        .where(eq(schema.serverSecrets.name, name))
    )[0]?.value;

  test('keeps strong generated keys in the database, never the old constants', async () => {
    const offerSecret = await kept('OFFER_SECRET');
    const webhookSecret = await kept('PAYMENT_WEBHOOK_SECRET');
    expect(offerSecret).toMatch(/^[\w-]{43}$/);
    expect(webhookSecret).toMatch(/^[\w-]{43}$/);
    expect(offerSecret).not.toBe(webhookSecret);
  });

  test('an offer id forged with the old key is refused and books nothing; the kept key is the real one', async () => {
    const offer = await firstOffer(site);
    const decoded = decodeOffer(offer.id, (await kept('OFFER_SECRET'))!, Date.now());
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    const forged = encodeOffer(decoded.offer, OLD_OFFER_SECRET);
    const refused = await book(site, forged, offer);
    expect([400, 404]).toContain(refused.status);
    expect(await countOrders(database.db)).toBe(0);
    // The same payload signed with the key the site keeps is accepted: the refusal above is the key's doing.
    const genuine = await book(site, encodeOffer(decoded.offer, (await kept('OFFER_SECRET'))!), offer);
    expect(genuine.status).toBe(201);
  });

  test('a webhook signed with the old key is refused and does not pay; an access token from the old key opens nothing', async () => {
    const offer = await firstOffer(site);
    const { body } = await book(site, offer.id, offer);
    const orderId = body.data!.id;
    const order = await orderOf(database.db, orderId);
    expect(order!.paymentStatus).toBe('not_paid');

    const forgedToken = oldAccessToken(OLD_OFFER_SECRET, orderId);
    const opened = await fetch(`${site.url}/v1/orders/${orderId}?access_token=${forgedToken}`, {
      headers: ANONYMOUS,
    });
    expect(opened.status).toBe(404);

    // A payment opened the way the order page does, so there is a provider reference to forge against.
    const opening = await fetch(
      `${site.url}/v1/orders/${orderId}/payments?access_token=${body.data!.access_token}`,
      { method: 'POST', headers: ANONYMOUS, body: '{}' },
    );
    expect(opening.status).toBeLessThan(300);
    const [payment] = await paymentsOf(database.db, orderId);
    const forged = sandboxWebhook(
      OLD_PAYMENT_WEBHOOK_SECRET,
      {
        type: 'payment.succeeded',
        providerRef: payment!.providerRef!,
        amountMinor: payment!.amountMinor,
        currency: payment!.currency,
      },
      new Date(),
    );
    const delivered = await fetch(`${site.url}/v1/payments/webhooks/sandbox`, {
      method: 'POST',
      body: forged.body,
      headers: forged.headers,
    });
    expect(delivered.status).toBe(400);
    const after = await orderOf(database.db, orderId);
    expect(after).toMatchObject({ paymentStatus: 'not_paid', bookingStatus: 'new' });
  });
});

describe('a site with no keys configured, on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parvoz-e2e-secrets-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('keeps its keys in a 0600 file beside the database; after a restart its orders still open', async () => {
    let site = await startSite({ PARVOZ_DATA_DIR: dataDir });
    let orderLink: string;
    try {
      const file = path.join(dataDir, 'secrets.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const keys = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      expect(keys.OFFER_SECRET).toMatch(/^[\w-]{43}$/);
      expect(keys.PAYMENT_WEBHOOK_SECRET).toMatch(/^[\w-]{43}$/);
      const offer = await firstOffer(site);
      const created = await fetch(`${site.url}/v1/orders`, {
        method: 'POST',
        headers: booking(),
        body: JSON.stringify(bookingBody(offer)),
      });
      expect(created.status).toBe(201);
      const order = ((await created.json()) as { data: { id: string; access_token: string } }).data;
      orderLink = `/v1/orders/${order.id}?access_token=${order.access_token}`;
      expect((await fetch(site.url + orderLink, { headers: ANONYMOUS })).status).toBe(200);
    } finally {
      await site.stop();
    }
    site = await startSite({ PARVOZ_DATA_DIR: dataDir });
    try {
      const reopened = await fetch(site.url + orderLink, { headers: ANONYMOUS });
      expect(reopened.status).toBe(200);
    } finally {
      await site.stop();
    }
  });
});
