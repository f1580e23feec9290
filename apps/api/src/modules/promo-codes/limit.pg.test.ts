/**
 * On real PostgreSQL, with two API instances (each its own pool) on one database (docs/decisions/0029-promo-codes.md):
 * 300 travellers book at once with a code limited to 100 uses, half of them through each instance; exactly 100
 * orders carry the code and the other 200 are refused with its reason, the count and the redemptions agreeing.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Offer } from '@parvoz/core/search-types';
import { MANY_ORDERS, useTwoTestApis } from '../../testing/api.ts';
import { bookingBody, injectOrder, isoDay, searchOffer } from '../../testing/booking.ts';
import { addRuleInForce } from '../pricing/testing/rules.ts';
import { ruleBookOf } from '../pricing/index.ts';
import { createPromoCode, type PromoWriter } from './ops.ts';
import { heldRedemptions, promoCodeByCode } from './store.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(start);
const pair = useTwoTestApis(MANY_ORDERS, { now });
const writer: PromoWriter = {
  actor: { userId: '00000000-0000-4000-8000-0000000000aa', email: 'admin@agency.test' },
  audit: async () => undefined,
};
const offers: Offer[] = [];

beforeAll(async () => {
  const { db } = pair.database;
  const before = new Date(start - 3_600_000);
  // A 10 % markup in force since before the searches: the margin the code gives from (ADR 0025's floor).
  await addRuleInForce(
    db,
    { kind: 'markup', priority: 1, scope: {}, percentBp: 1000, per: 'passenger' },
    before,
  );
  for (const instance of [pair.database.db, pair.second.db]) ruleBookOf(instance).forget();
  await db.transaction((tx) =>
    createPromoCode(
      tx,
      {
        code: 'HUNDRED',
        percent_bp: 500,
        per: 'passenger',
        scope: {},
        total_limit: 100,
        per_traveller_limit: 1,
      },
      writer,
      before,
    ),
  );
  // Five flights, sixty bookings each: seats never run out before the code does.
  for (let day = 0; day < 5; day++)
    offers.push(await searchOffer(pair.apps[0]!, { date: isoDay(start, 40 + day) }));
}, 120_000);

test('300 bookings at once over two instances with a code limited to 100: exactly 100 carry it', async () => {
  const answers = await Promise.all(
    Array.from({ length: 300 }, (_, i) => {
      const offer = offers[i % offers.length]!;
      const body = bookingBody(offer, {
        promo_code: 'hundred',
        contact: { ...bookingBody(offer).contact, email: `traveller${i}@example.com` },
      });
      return injectOrder(pair.apps[i % 2]!, body, `promo-race-${i}`);
    }),
  );
  const created = answers.filter((a) => a.statusCode === 201);
  const refused = answers.filter((a) => a.statusCode !== 201);
  expect(created).toHaveLength(100);
  for (const answer of refused) {
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().error.details).toEqual({ reason: 'promo_limit_reached' });
  }
  for (const answer of created) expect(answer.json().data.promo?.code).toBe('HUNDRED');
  // Both instances booked some of the hundred.
  expect(new Set(created.map((a) => answers.indexOf(a) % 2)).size).toBe(2);
  const code = (await promoCodeByCode(pair.database.db, 'HUNDRED'))!;
  expect(code.used).toBe(100);
  expect(await heldRedemptions(pair.database.db, code.id)).toBe(100);
}, 300_000);
