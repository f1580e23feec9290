/**
 * The console's tours and inboxes (docs/after-sale.md §7) through HTTP (inject, PGlite): who may use each
 * route (anonymous and travellers get the 404 of an unknown endpoint, operators and admins get through), a
 * tour created, published, edited and withdrawn as the public /v1/tours sees it, its picture checked by
 * content and size, the inboxes' statuses and notes, and the audit entry each change writes.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { schema } from '@parvoz/db';
import { TOUR_IMAGE_MAX_BYTES } from '@parvoz/contracts/ops-tours';
import { useTestApi } from '../../testing/api.ts';
import { ANON } from '../../testing/booking.ts';
import { auditEntriesOf, insertAgencyApplicationRow, storedAgencyApplication } from '../ops/testing/ops.ts';
import { tourBody } from './testing/tour-body.ts';
import { consoleCallers } from '../../testing/after-sale.ts';

const clock = new Date(Date.UTC(2026, 10, 23, 6, 0));
/** The console's callers (testing/after-sale.ts `consoleCallers`), anonymous with the web's anonymous credential. */
let who: Record<'anonymous' | 'traveller' | 'operator' | 'admin', Record<string, string>>;
let requestId = '';
let applicationId = '';

/** The smallest real pictures: a 1×1 PNG, and the first bytes of a JPEG and a WebP. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

const api = useTestApi({ rateLimitScale: 1000, demoTours: false }, { now: () => clock });

beforeAll(async () => {
  who = { ...(await consoleCallers(api.app, api.db, clock)), anonymous: ANON };
  const [request] = await api.db
    .insert(schema.tourRequests)
    .values({
      fullName: 'Aziz Rahimov',
      email: 'aziz@example.com',
      phone: '+998901234567',
      adults: 2,
      lang: 'uz',
      message: 'Is there a family room?',
    })
    .returning();
  requestId = request!.id;
  const application = await insertAgencyApplicationRow(api.db, {
    companyName: 'Silk Road Travel',
    contactName: 'Malika Yusupova',
    email: 'malika@silkroad.test',
    phone: '+998711234567',
    lang: 'ru',
  });
  applicationId = application.id;
}, 60_000);

type Method = 'GET' | 'POST' | 'PUT';
const call = (role: keyof typeof who, method: Method, url: string, payload?: object) =>
  api.app.inject({ method, url, headers: who[role], ...(payload ? { payload } : {}) });

const auditOf = async (targetId: string) =>
  (await auditEntriesOf(api.db, { targetId })).map((e) => ({
    action: e.action,
    actor: e.actorEmail,
    details: e.details,
  }));

const rows = async (table: 'tours' | 'tour_images' | 'audit_log') =>
  (await api.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)).rows[0]!
    .n;

describe('who may use the tours and the inboxes', () => {
  test('anonymous callers and travellers get the 404 of an unknown endpoint; operators and admins get through', async () => {
    const created = await call('admin', 'POST', '/v1/ops/tours', tourBody({ slug: 'matrix-tour' }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const before = await rows('audit_log');
    const routes: [Method, string, object | undefined][] = [
      ['GET', '/v1/ops/tours', undefined],
      ['POST', '/v1/ops/tours', tourBody({ slug: 'matrix-new' })],
      ['GET', `/v1/ops/tours/${id}`, undefined],
      ['PUT', `/v1/ops/tours/${id}`, tourBody({ slug: 'matrix-tour', nights: 3 })],
      ['POST', `/v1/ops/tours/${id}/publish`, undefined],
      ['POST', `/v1/ops/tours/${id}/unpublish`, undefined],
      ['POST', `/v1/ops/tours/${id}/image`, { data_base64: PNG.toString('base64') }],
      ['GET', '/v1/ops/tour_requests?status=new', undefined],
      ['POST', `/v1/ops/tour_requests/${requestId}`, { note: 'matrix' }],
      ['GET', '/v1/ops/agency_applications', undefined],
      ['POST', `/v1/ops/agency_applications/${applicationId}`, { note: 'matrix' }],
    ];
    for (const [method, url, payload] of routes) {
      for (const role of ['anonymous', 'traveller'] as const) {
        const answer = await call(role, method, url, payload);
        expect(answer.statusCode, `${role} ${method} ${url}`).toBe(404);
        expect(answer.json()).toEqual({
          error: { code: 'not_found', message: `No such endpoint: ${method} ${url.split('?')[0]}` },
        });
        // A malformed request says nothing more to them either.
        expect((await call(role, method, url.replace(id, 'forged'), { nonsense: 1 })).statusCode).toBe(404);
      }
    }
    // Nothing the refused callers sent changed anything.
    expect(await rows('audit_log')).toBe(before);
    expect(await rows('tour_images')).toBe(0);
    for (const role of ['operator', 'admin'] as const) {
      for (const [method, url, payload] of routes) {
        const body =
          url === '/v1/ops/tours' && method === 'POST' ? tourBody({ slug: `matrix-${role}` }) : payload;
        const answer = await call(role, method, url, body);
        expect(answer.statusCode, `${role} ${method} ${url}: ${answer.body}`).toBeLessThan(300);
      }
    }
  });

  test('a huge upload from someone without a role is refused before it is read', async () => {
    const answer = await api.app.inject({
      method: 'POST',
      url: '/v1/ops/tours/00000000-0000-4000-8000-000000000000/image',
      headers: { ...who.traveller, 'content-type': 'application/json' },
      payload: JSON.stringify({ data_base64: 'A'.repeat(9 * 1024 * 1024) }),
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('tours', () => {
  let id = '';

  test('an operator creates a tour: unpublished, so the public list does not show it', async () => {
    const created = await call('operator', 'POST', '/v1/ops/tours', tourBody());
    expect(created.statusCode, created.body).toBe(201);
    const tour = created.json().data;
    id = tour.id;
    expect(tour).toMatchObject({
      slug: 'samarkand-weekend',
      published: false,
      origin_code: 'TAS',
      country_code: 'UZ',
      price: '249.50',
      currency: 'USD',
      includes: ['hotel', 'transfer'],
      title: { en: 'Samarkand weekend', ru: 'Выходные в Самарканде', uz: null, tr: null },
    });
    const listed = await call('operator', 'GET', '/v1/ops/tours');
    expect(listed.json().data.map((t: { id: string }) => t.id)).toContain(id);
    const publicList = await api.app.inject({ method: 'GET', url: '/v1/tours?lang=en', headers: ANON });
    expect(publicList.json().data.map((t: { slug: string }) => t.slug)).not.toContain('samarkand-weekend');
    expect(
      (await api.app.inject({ method: 'GET', url: '/v1/tours/samarkand-weekend', headers: ANON })).statusCode,
    ).toBe(404);
    expect(await auditOf(id)).toEqual([
      { action: 'tour.created', actor: 'desk@agency.test', details: { slug: 'samarkand-weekend' } },
    ]);
  });

  test('published, it is on sale; edits show at once; unpublished, it is gone', async () => {
    const published = await call('operator', 'POST', `/v1/ops/tours/${id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().data.published).toBe(true);
    // Publishing again changes nothing and writes nothing.
    await call('operator', 'POST', `/v1/ops/tours/${id}/publish`);
    const onSale = await api.app.inject({ method: 'GET', url: '/v1/tours?lang=ru', headers: ANON });
    const shown = onSale.json().data.find((t: { slug: string }) => t.slug === 'samarkand-weekend');
    expect(shown).toMatchObject({ title: 'Выходные в Самарканде', base_price: { amount: '249.50' } });

    const edited = await call(
      'admin',
      'PUT',
      `/v1/ops/tours/${id}`,
      tourBody({ title: { en: 'Samarkand and Bukhara' }, price: '299', seats_left: 0 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const detail = await api.app.inject({
      method: 'GET',
      url: '/v1/tours/samarkand-weekend?lang=en',
      headers: ANON,
    });
    expect(detail.json().data).toMatchObject({
      title: 'Samarkand and Bukhara',
      base_price: { amount: '299.00', currency: 'USD' },
      seats_left: 0,
    });

    expect((await call('operator', 'POST', `/v1/ops/tours/${id}/unpublish`)).json().data.published).toBe(
      false,
    );
    expect(
      (await api.app.inject({ method: 'GET', url: '/v1/tours/samarkand-weekend', headers: ANON })).statusCode,
    ).toBe(404);
    const history = await call('operator', 'GET', `/v1/ops/tours/${id}`);
    expect(history.json().data.history.map((e: { action: string }) => e.action)).toEqual([
      'tour.unpublished',
      'tour.updated',
      'tour.published',
      'tour.created',
    ]);
    expect((await auditOf(id))[2]).toMatchObject({
      action: 'tour.updated',
      actor: 'boss@agency.test',
      details: { fields: ['title', 'priceFromMinor', 'seatsLeft'] },
    });
  });

  test('bad input is refused with a clear error and changes nothing', async () => {
    const before = { tours: await rows('tours'), audit: await rows('audit_log') };
    const refusals: [Method, string, object, number, string][] = [
      ['POST', '/v1/ops/tours', tourBody({ slug: 'neg', price: '-10.00' }), 400, 'validation_failed'],
      [
        'POST',
        '/v1/ops/tours',
        tourBody({ slug: 'uzs-tiyin', price: '10.50', currency: 'UZS' }),
        400,
        'validation_failed',
      ],
      ['POST', '/v1/ops/tours', tourBody({ slug: 'no-nights', nights: 0 }), 400, 'validation_failed'],
      ['POST', '/v1/ops/tours', tourBody({ slug: 'stars', hotel_stars: 6 }), 400, 'validation_failed'],
      ['POST', '/v1/ops/tours', tourBody({ slug: 'Bad Slug!' }), 400, 'validation_failed'],
      ['POST', '/v1/ops/tours', tourBody({ title: { en: '' }, slug: 'untitled' }), 400, 'validation_failed'],
      [
        'POST',
        '/v1/ops/tours',
        tourBody({ slug: 'when', departs_on: '2026-02-30' }),
        400,
        'validation_failed',
      ],
      ['POST', '/v1/ops/tours', tourBody({ slug: 'seats', seats_left: -1 }), 400, 'validation_failed'],
      ['POST', '/v1/ops/tours', tourBody({ slug: 'inc', includes: ['spa'] }), 400, 'validation_failed'],
      ['POST', '/v1/ops/tours', tourBody(), 422, 'unprocessable'],
      ['PUT', `/v1/ops/tours/${id}`, tourBody({ slug: 'matrix-tour' }), 422, 'unprocessable'],
      ['PUT', '/v1/ops/tours/00000000-0000-4000-8000-000000000000', tourBody(), 404, 'not_found'],
      ['PUT', '/v1/ops/tours/not-a-uuid', tourBody(), 400, 'validation_failed'],
      ['POST', '/v1/ops/tours/00000000-0000-4000-8000-000000000000/publish', {}, 404, 'not_found'],
    ];
    for (const [method, url, payload, status, code] of refusals) {
      const answer = await call('operator', method, url, payload);
      expect(answer.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${answer.body}`).toBe(status);
      expect(answer.json().error.code).toBe(code);
    }
    expect(await rows('tours')).toBe(before.tours);
    expect(await rows('audit_log')).toBe(before.audit);
  });

  test('a picture is checked by its bytes, at most 5 MB, and served back to the public tour', async () => {
    const upload = (data: Buffer | string, tourId = id) =>
      call('operator', 'POST', `/v1/ops/tours/${tourId}/image`, {
        data_base64: typeof data === 'string' ? data : data.toString('base64'),
      });
    const before = { images: await rows('tour_images'), audit: await rows('audit_log') };
    // A GIF, text, an SVG (script inside), a truncated header: not JPEG, PNG or WebP whatever they are called.
    for (const bad of [
      GIF,
      Buffer.from('hello.png'),
      Buffer.from('<svg onload="alert(1)"/>'),
      PNG.subarray(0, 4),
    ]) {
      const answer = await upload(bad);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().error).toMatchObject({ code: 'unprocessable', details: { reason: 'image_type' } });
    }
    // One byte over 5 MB (a valid PNG header): refused by size.
    const tooBig = Buffer.alloc(TOUR_IMAGE_MAX_BYTES + 1);
    PNG.copy(tooBig);
    const big = await upload(tooBig);
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatchObject({
      code: 'payload_too_large',
      details: { reason: 'image_too_large' },
    });
    // Far larger: refused before it is parsed.
    const huge = await api.app.inject({
      method: 'POST',
      url: `/v1/ops/tours/${id}/image`,
      headers: { ...who.operator, 'content-type': 'application/json' },
      payload: JSON.stringify({ data_base64: 'A'.repeat(9 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
    expect((await upload('not base64!')).statusCode).toBe(400);
    expect((await upload(PNG, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await rows('tour_images')).toBe(before.images);
    expect(await rows('audit_log')).toBe(before.audit);

    for (const [bytes, type] of [
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
      [PNG, 'image/png'],
    ] as const) {
      const answer = await upload(bytes);
      expect(answer.statusCode, answer.body).toBe(200);
      const url = answer.json().data.image_url as string;
      expect(url).toMatch(/^\/tour-images\/[0-9a-f-]{36}$/);
      const served = await api.app.inject({ method: 'GET', url: `/v1/tours/images/${url.split('/').pop()}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
    await call('operator', 'POST', `/v1/ops/tours/${id}/publish`);
    const detail = await api.app.inject({ method: 'GET', url: '/v1/tours/samarkand-weekend', headers: ANON });
    expect(detail.json().data.image_url).toMatch(/^\/tour-images\//);
    const last = (await auditOf(id)).at(-2);
    expect(last).toMatchObject({
      action: 'tour.image_uploaded',
      details: { content_type: 'image/png', bytes: PNG.length },
    });
    expect(
      (await api.app.inject({ method: 'GET', url: '/v1/tours/images/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: '/v1/tours/images/forged' })).statusCode).toBe(400);
  });
});

describe('inboxes', () => {
  test('tour requests: a status filter, a status and a note, each change in the audit log', async () => {
    const fresh = await call('operator', 'GET', '/v1/ops/tour_requests?status=new');
    expect(fresh.json()).toMatchObject({ total: 1, data: [{ id: requestId, full_name: 'Aziz Rahimov' }] });
    const moved = await call('operator', 'POST', `/v1/ops/tour_requests/${requestId}`, {
      status: 'in_progress',
      note: 'Called back, family room on hold',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      status: 'in_progress',
      note: 'Called back, family room on hold',
    });
    expect((await call('operator', 'GET', '/v1/ops/tour_requests?status=new')).json().total).toBe(0);
    const inProgress = await call('operator', 'GET', '/v1/ops/tour_requests?status=in_progress');
    expect(inProgress.json().data[0]).toMatchObject({
      id: requestId,
      note: 'Called back, family room on hold',
    });
    // The same again: nothing changes, nothing is written.
    const audit = await rows('audit_log');
    await call('operator', 'POST', `/v1/ops/tour_requests/${requestId}`, { status: 'in_progress' });
    expect(await rows('audit_log')).toBe(audit);
    await call('admin', 'POST', `/v1/ops/tour_requests/${requestId}`, { status: 'done' });
    expect((await auditOf(requestId)).slice(-2)).toEqual([
      {
        action: 'tour_request.updated',
        actor: 'desk@agency.test',
        details: { from: 'new', to: 'in_progress', note: 'Called back, family room on hold' },
      },
      {
        action: 'tour_request.updated',
        actor: 'boss@agency.test',
        details: { from: 'in_progress', to: 'done' },
      },
    ]);
  });

  test('agency applications: approved or rejected with a note', async () => {
    const listed = await call('operator', 'GET', '/v1/ops/agency_applications?status=new');
    expect(listed.json().data[0]).toMatchObject({ id: applicationId, company_name: 'Silk Road Travel' });
    const approved = await call('operator', 'POST', `/v1/ops/agency_applications/${applicationId}`, {
      status: 'approved',
      note: 'Licence checked',
    });
    expect(approved.json().data).toMatchObject({ status: 'approved', note: 'Licence checked' });
    const row = await storedAgencyApplication(api.db, applicationId);
    expect(row).toMatchObject({ status: 'approved', operatorNote: 'Licence checked' });
    expect((await auditOf(applicationId)).at(-1)).toMatchObject({
      action: 'agency_application.updated',
      details: { from: 'new', to: 'approved', note: 'Licence checked' },
    });
  });

  test('bad input: unknown statuses, forged ids, an empty change are refused and change nothing', async () => {
    const audit = await rows('audit_log');
    const refusals: [Method, string, object | undefined, number][] = [
      ['GET', '/v1/ops/tour_requests?status=approved', undefined, 400],
      ['GET', '/v1/ops/agency_applications?status=done', undefined, 400],
      ['GET', '/v1/ops/tour_requests?page=0', undefined, 400],
      ['POST', `/v1/ops/tour_requests/${requestId}`, { status: 'approved' }, 400],
      ['POST', `/v1/ops/agency_applications/${applicationId}`, { status: 'in_progress' }, 400],
      ['POST', `/v1/ops/tour_requests/${requestId}`, {}, 400],
      ['POST', `/v1/ops/tour_requests/${requestId}`, { note: 'x'.repeat(2001) }, 400],
      ['POST', `/v1/ops/tour_requests/${applicationId}`, { status: 'done' }, 404],
      ['POST', `/v1/ops/agency_applications/${requestId}`, { status: 'rejected' }, 404],
      ['POST', '/v1/ops/tour_requests/forged', { status: 'done' }, 400],
    ];
    for (const [method, url, payload, status] of refusals) {
      const answer = await call('operator', method, url, payload);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(status);
      expect(answer.json().error.code).toBe(status === 404 ? 'not_found' : 'validation_failed');
    }
    expect(await rows('audit_log')).toBe(audit);
  });
});
