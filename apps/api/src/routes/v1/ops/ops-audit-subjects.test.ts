/**
 * What the console reads its audit log and tour requests by (docs/after-sale.md §5, §7), through HTTP (inject,
 * PGlite): each audit entry names its subject — a person by email, an order by booking reference, an agency by
 * its company, a tour by its titles, a tour request by who asked and the tour's titles — so the page can say it
 * as a sentence and link it; the inbox gives a request's tour title in every language. The log stays for admins
 * only: operators and everyone else get the 404 of an unknown endpoint.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import type { OpsAuditEntry } from '@parvoz/contracts/ops';
import { MANY_ORDERS, startTestApi } from '../../../testing/api.ts';
import { isoDay, searchOffer } from '../../../testing/booking.ts';
import { book, consoleCallers, type Booked } from '../../../testing/after-sale.ts';
import { tourBody } from '../../../modules/tours/testing/tour-body.ts';
import { addTourRequest } from '../../../modules/tours/testing/tour-requests.ts';
import { insertAgencyApplicationRow } from '../../../modules/ops/testing/ops.ts';

const START = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(START);

let app: FastifyInstance;
let db: Database;
let close: () => Promise<void>;
let who: Awaited<ReturnType<typeof consoleCallers>>;
let order: Booked;
let tourId = '';
let requestId = '';
let generalRequestId = '';
let applicationId = '';

let keys = 0;
const call = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { ...headers, 'idempotency-key': `subjects-key-${++keys}` }, payload });

beforeAll(async () => {
  ({ app, db, close } = await startTestApi({ ...MANY_ORDERS, demoTours: false }, { now }));
  who = await consoleCallers(app, db, now());
  order = await book(app, await searchOffer(app, { date: isoDay(START, 30) }));
  const tour = await call(who.operator, 'POST', '/v1/ops/tours', tourBody());
  expect(tour.statusCode, tour.body).toBe(201);
  tourId = tour.json().data.id;
  const party = { email: 'aziz@example.com', phone: '+998901234567', adults: 2, lang: 'uz' };
  requestId = (await addTourRequest(db, { ...party, tourId, fullName: 'Aziz Rahimov' })).id;
  generalRequestId = (await addTourRequest(db, { ...party, fullName: 'Nodira Karimova' })).id;
  applicationId = (
    await insertAgencyApplicationRow(db, {
      companyName: 'Silk Road Travel',
      contactName: 'Malika Yusupova',
      email: 'malika@silkroad.test',
      phone: '+998711234567',
      lang: 'ru',
    })
  ).id;
  // Something about each kind of subject, done in the console.
  const done = [
    await call(who.operator, 'POST', `/v1/ops/orders/${order.id}/notes`, { text: 'Called the traveller' }),
    await call(who.operator, 'POST', `/v1/ops/tour_requests/${requestId}`, { status: 'in_progress' }),
    await call(who.operator, 'POST', `/v1/ops/tour_requests/${generalRequestId}`, { status: 'done' }),
    await call(who.operator, 'POST', `/v1/ops/agency_applications/${applicationId}`, { status: 'approved' }),
    await call(who.admin, 'POST', '/v1/ops/staff', { email: 'new.desk@agency.test', lang: 'ru' }),
  ];
  for (const answer of done) expect(answer.statusCode, answer.body).toBeLessThan(300);
}, 120_000);

afterAll(() => close?.());

const SAMARKAND = { en: 'Samarkand weekend', ru: 'Выходные в Самарканде', uz: null, tr: null };

describe('the audit log names what each entry is about', () => {
  test('a person, an order, a tour, a tour request (with and without a tour), an application', async () => {
    const answer = await call(who.admin, 'GET', '/v1/ops/audit');
    expect(answer.statusCode, answer.body).toBe(200);
    const entries = answer.json().data as OpsAuditEntry[];
    const about = (type: string, id: string) => {
      const entry = entries.find((e) => e.target_type === type && e.target_id === id);
      expect(entry, `${type} ${id}`).toBeDefined();
      return { label: entry!.target_label, title: entry!.target_title };
    };
    const newDesk = entries.find(
      (e) => e.action === 'staff.granted' && e.target_label === 'new.desk@agency.test',
    );
    expect(newDesk).toMatchObject({ actor: 'boss@agency.test', target_type: 'user', target_title: null });
    expect(about('order', order.id)).toEqual({ label: order.booking_reference, title: null });
    expect(about('tour', tourId)).toEqual({ label: null, title: SAMARKAND });
    expect(about('tour_request', requestId)).toEqual({ label: 'Aziz Rahimov', title: SAMARKAND });
    expect(about('tour_request', generalRequestId)).toEqual({ label: 'Nodira Karimova', title: null });
    expect(about('agency_application', applicationId)).toEqual({ label: 'Silk Road Travel', title: null });
  });

  test('still for admins only: operators, travellers and nobody get the 404 of an unknown endpoint', async () => {
    for (const headers of [who.operator, who.traveller, who.anonymous]) {
      const answer = await call(headers, 'GET', '/v1/ops/audit');
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('Aziz');
    }
  });
});

test("the inbox gives a request's tour title in every language, for the console to show its own", async () => {
  const answer = await call(who.operator, 'GET', '/v1/ops/tour_requests');
  expect(answer.statusCode, answer.body).toBe(200);
  const items = answer.json().data as { id: string; tour: unknown }[];
  expect(items.find((i) => i.id === requestId)!.tour).toEqual({
    slug: 'samarkand-weekend',
    title: SAMARKAND,
  });
  expect(items.find((i) => i.id === generalRequestId)!.tour).toBeNull();
});
