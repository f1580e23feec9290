/** The endpoint contracts (packages/contracts/src/endpoints.ts) are what the routes validate and answer. */
import { describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { endpoints, uncontractedRoutes } from '@parvoz/contracts/endpoints';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import {
  endpointPath,
  endpointRefusalSchema,
  fastifyPath,
  noContentSchema,
  type EndpointDefinition,
} from '@parvoz/contracts/endpoint';
import { openApiDocument } from '@parvoz/contracts/openapi';
import { schema as tables } from '@parvoz/db';
import { routesOf, useTestApi, memoryMailTransport } from './testing/api.ts';
import { contractSerializerCompiler, schemaOf } from './contract.ts';
import { ApiFailure, errorHandler } from './errors.ts';
import type { OutgoingEmail } from './adapters/mail/transport.ts';
import { ANON, bookingBody, isoDay, searchOffer } from './testing/booking.ts';
import { book, deliverWebhook, offerIn, pay, startedRefundOf, type Booked } from './testing/after-sale.ts';
import { createSession } from './modules/accounts/index.ts';
import { storedAccountId } from './modules/accounts/testing/accounts.ts';
import { grantRole } from './modules/ops/index.ts';
import { passSecondFactor } from './second-factor/testing.ts';
import { addTourRequest } from './modules/tours/testing/tour-requests.ts';
import { tourBody } from './modules/tours/testing/tour-body.ts';
import { SoftPasskey } from './second-factor/soft-authenticator-testing.ts';
import { totpCodeAt } from './second-factor/totp.ts';
import { setQueuedEmails } from './modules/mail/testing/outbox.ts';
import { setOrderColumns } from './modules/orders/testing/fixtures.ts';

const inbox: OutgoingEmail[] = [];
const memoryTransport = memoryMailTransport(inbox);

const api = useTestApi({}, { mailTransport: memoryTransport });

describe('every contract is a route that uses its schemas', () => {
  test.each(Object.entries(endpoints as Record<string, EndpointDefinition>))('%s', (_name, e) => {
    const route = routesOf(api.app).find(
      (r) => r.url.replace(/(.)\/$/, '$1') === fastifyPath(e.path) && [r.method].flat().includes(e.method),
    );
    expect(route, `${e.method} ${e.path} is registered`).toBeDefined();
    const schema = route!.schema as Record<string, unknown> & { response: Record<number, unknown> };
    // The very objects of the contract, not copies that could drift.
    expect(schema.body).toBe(e.body);
    expect(schema.querystring).toBe(e.query);
    expect(schema.params).toBe(e.params);
    const status = e.status ?? 200;
    const statuses = [status, ...(e.alsoStatus ?? [])];
    expect(Object.keys(schema.response).sort()).toEqual(statuses.map(String).sort());
    for (const each of statuses) expect(schema.response[each]).toBe(e.response);
    // No body exactly when the status says so.
    expect(e.response === noContentSchema).toBe(status === 204);
    // The console's endpoints, and only they, are for staff (the gate of /v1/ops hides them from others).
    expect(e.access === 'staff', `${e.method} ${e.path} is ${e.access}`).toBe(e.path.startsWith('/v1/ops/'));
  });
});

describe('every /v1 route has a contract, or is listed with why it has none', () => {
  /** `GET /v1/orders/{id}` for each route the API registered (HEAD twins and the catch-all 404 aside). */
  function registered(): string[] {
    return routesOf(api.app).flatMap((r) =>
      [r.method]
        .flat()
        .filter((method) => method !== 'HEAD' && !r.url.endsWith('*'))
        .map((method) => `${method} ${r.url.replace(/(.)\/$/, '$1').replace(/:(\w+)/g, '{$1}')}`),
    );
  }
  const contracted = new Set(
    Object.values(endpoints as Record<string, EndpointDefinition>).map((e) => `${e.method} ${e.path}`),
  );
  const exempt = new Set<string>(uncontractedRoutes.map((r) => r.route));

  test('no route outside the registry but the listed ones, the console (/v1/ops) included', () => {
    const routes = registered().filter((route) => route.includes(' /v1/'));
    expect(routes.filter((route) => route.includes(' /v1/ops/')).length).toBeGreaterThan(25);
    expect(routes.length).toBeGreaterThan(contracted.size);
    expect(routes.filter((route) => !contracted.has(route) && !exempt.has(route))).toEqual([]);
  });

  test('each listed exception is a route, not also in the registry', () => {
    const routes = new Set(registered());
    for (const route of exempt) {
      expect(routes.has(route), route).toBe(true);
      expect(contracted.has(route), route).toBe(false);
    }
  });
});

type Name = keyof typeof endpoints;
/** The endpoints a journey below called (the console's must all be). */
const called = new Set<Name>();

/**
 * Calls an endpoint as its contract describes it (method, path, query, body, success status) and reads the
 * answer with the contract's schema: what the web's callEndpoint does. `status` picks one of `alsoStatus`.
 */
async function call<N extends Name>(
  name: N,
  input: { params?: Record<string, string>; query?: Record<string, string>; body?: object },
  headers: Record<string, string> = ANON,
  status?: number,
): Promise<z.output<(typeof endpoints)[N]['response']>> {
  const e: EndpointDefinition = endpoints[name];
  const query = input.query ? `?${new URLSearchParams(input.query)}` : '';
  const response = await api.app.inject({
    method: e.method,
    url: endpointPath(e.path, input.params) + query,
    headers,
    ...(input.body ? { payload: input.body } : {}),
  });
  expect(response.statusCode, `${name}: ${response.body}`).toBe(status ?? e.status ?? 200);
  const answer = e.response.safeParse(response.body === '' ? undefined : response.json());
  expect(answer.error, name).toBeUndefined();
  called.add(name);
  return answer.data as never;
}

describe("an order's journey answers in its contracts", () => {
  // A whole journey of calls: on a loaded machine it outlasts the unit suite's 20 s (vitest.config.ts).
  test('book, read, pay, manage and cancel: every answer parses under its contract', async () => {
    const offer = await searchOffer(api.app, { date: isoDay(Date.now(), 45) });
    const order: Booked = (
      (await call(
        'createOrder',
        { body: bookingBody(offer) },
        {
          ...ANON,
          'idempotency-key': `contract-${Date.now()}`,
        },
      )) as { data: Booked }
    ).data;
    expect(order.access_token).toEqual(expect.any(String));
    const access = { params: { id: order.id }, query: { access_token: order.access_token } };

    await call('getOrder', access);
    const options = (await call('orderPaymentOptions', access)) as {
      data: { providers: { name: string }[] };
    };
    expect(options.data.providers.length).toBeGreaterThan(0);
    await call('changeOrderPhone', { ...access, body: { phone: '+90 532 123 45 67' } });
    const change = (await call('requestOrderEmailChange', {
      ...access,
      body: { email: 'new.contact@example.com' },
    })) as { data: { id: string } };
    await api.app.outbox.runOnce();
    const code = /\b(\d{6})\b/.exec(
      inbox.filter((m) => m.to === 'new.contact@example.com').at(-1)!.text,
    )![1]!;
    await call('confirmOrderEmailChange', {
      params: { id: order.id, change_id: change.data.id },
      query: access.query,
      body: { code },
    });

    const started = (await call('startOrderPayment', { ...access, body: {} })) as {
      data: { redirect_url: string };
    };
    expect(started.data.redirect_url).toEqual(expect.any(String));
    // The provider's signed notice (no contract of ours) settles the payment opened just above.
    await pay(api.app, api.db, order, new Date());
    await call('resendOrderTickets', { ...access, body: {} });
    const quote = (await call('quoteOrderCancellation', {
      query: access.query,
      body: { order_id: order.id },
    })) as { data: { id: string } };
    const confirmed = (await call('confirmOrderCancellation', {
      params: { id: quote.data.id },
      query: access.query,
    })) as { data: { confirmed_at: string | null } };
    expect(confirmed.data.confirmed_at).toEqual(expect.any(String));
    await call('listPaymentProviders', {});
  }, 60_000);
});

describe('a console journey answers in its contracts (/v1/ops, staff only)', () => {
  /** A 1×1 PNG: the smallest real picture. */
  const PNG =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const tour = tourBody({ slug: 'contract-tour', departs_on: isoDay(Date.now(), 40) });

  async function signedIn(email: string, role: 'operator' | 'admin') {
    const now = new Date();
    await grantRole(api.db, { email, role, actor: { userId: null, email: 'command-line' }, now });
    const userId = await storedAccountId(api.db, email);
    const { token } = await createSession(api.db, userId!, now);
    return { authorization: `Bearer ${token}` };
  }

  async function paidOrder(days: number): Promise<Booked> {
    const order = await book(api.app, await offerIn(api.app, 'standard', { date: isoDay(Date.now(), days) }));
    await pay(api.app, api.db, order, new Date());
    await api.app.outbox.runOnce();
    return order;
  }

  test('orders, refunds, staff, overview, emails, tours and inboxes: every answer parses under its contract', async () => {
    const admin = await signedIn('admin@contract.test', 'admin');
    expect((await call('opsMe', {}, admin)).data).toEqual({
      email: 'admin@contract.test',
      role: 'admin',
      second_factor: 'enrol',
    });
    await passSecondFactor(api.app, admin, new Date());

    // An order found, read, noted, its confirmation resent, its contact corrected, then cancelled.
    const order = await paidOrder(50);
    const params = { id: order.id };
    const found = await call('opsSearchOrders', { query: { q: order.booking_reference } }, admin);
    expect(found.data.orders.map((o) => o.id)).toEqual([order.id]);
    await call('opsAddOrderNote', { params, body: { text: 'Called the traveller.' } }, admin);
    await call('opsResendConfirmation', { params, body: {} }, admin);
    const corrected = await call(
      'opsCorrectContact',
      { params, body: { phone: '+998901112233', reason: 'The traveller phoned' } },
      admin,
    );
    expect(corrected.data.contact.phone).toBe('+998901112233');
    const quote = await call('opsQuoteCancellation', { params }, admin);
    await call('opsCancelOrder', { params, body: { cancellation_id: quote.data.id } }, admin);
    // The provider refuses the refund; it is asked for again.
    const refund = await startedRefundOf(api.db, order.id);
    const refused = await deliverWebhook(api.app, new Date(), {
      type: 'refund.failed',
      providerRef: refund.providerRef!,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      refundId: refund.id,
      failureReason: 'expired_or_canceled_card',
    });
    expect(refused.effect).toBe('refund_failed');
    const detail = await call('opsGetOrder', { params }, admin);
    expect(detail.data.refunds.map((r) => r.status)).toEqual(['failed']);
    expect(detail.data.timeline.map((event) => event.kind)).toContain('order.note');
    await call('opsRetryRefund', { params: { id: order.id, refund_id: refund.id }, body: {} }, admin);
    // An admin refunds another amount than the fare rules give.
    const other = await paidOrder(51);
    const otherQuote = await call('opsQuoteCancellation', { params: { id: other.id } }, admin);
    await call(
      'opsCancelOrderWithOverride',
      {
        params: { id: other.id },
        body: {
          cancellation_id: otherQuote.data.id,
          refund_amount: other.total_amount,
          reason: 'The airline changed the schedule',
        },
      },
      admin,
    );
    // A paid order the supplier would not ticket (set as modules/supplier-orders/ticketing.ts leaves one): retried,
    // then (the problem back) cancelled and refunded in full.
    const stuck = await paidOrder(52);
    const leaveStuck = () =>
      setOrderColumns(api.db, stuck.id, { bookingStatus: 'new', ticketingProblem: 'insufficient_balance' });
    await leaveStuck();
    expect((await call('opsRetryTicketing', { params: { id: stuck.id } }, admin)).data.ticketing).toBe(
      'in_progress',
    );
    await leaveStuck();
    const refunded = await call('opsRefundTicketing', { params: { id: stuck.id } }, admin);
    expect(refunded.data.booking_status).toBe('cancelled');
    // Created again only for a creation with no known outcome (its answer: suppliers/duffel/instant-unknown.pg.test.ts);
    // asked of any other order it is refused with a reason its contract lists.
    const notUnknown = await api.app.inject({
      method: 'POST',
      url: endpointPath(endpoints.opsCreateTicketingAgain.path, { id: stuck.id }),
      headers: admin,
    });
    expect(notUnknown.statusCode, notUnknown.body).toBe(422);
    expect(notUnknown.json().error.details).toEqual({ reason: 'no_ticketing_problem' });
    called.add('opsCreateTicketingAgain');

    // Staff: an operator invited (201), invited again (200: nothing new), listed, then removed.
    const invited = await call('opsInviteOperator', { body: { email: 'desk@contract.test' } }, admin);
    expect(invited.data.invited).toBe(true);
    const again = await call('opsInviteOperator', { body: { email: 'desk@contract.test' } }, admin, 200);
    expect(again.data.invited).toBe(false);
    expect((await call('opsListStaff', {}, admin)).data.map((s) => s.email)).toContain('desk@contract.test');
    await call('opsRevokeOperator', { params: { userId: invited.data.user_id } }, admin);
    const audit = await call('opsAuditLog', {}, admin);
    expect(audit.data.map((entry) => entry.action)).toContain('staff.revoked');

    // The overview and an email that could not be sent, queued again.
    const overview = await call('opsOverview', {}, admin);
    expect(overview.data.totals.orders).toBeGreaterThan(0);
    await setQueuedEmails(
      api.db,
      { newest: true },
      { status: 'failed', lastError: '550 mailbox unavailable' },
    );
    const outbox = await call('opsOutbox', {}, admin);
    const failed = outbox.data.failed[0]!;
    await call('opsRetryEmail', { params: { id: String(failed.id) } }, admin);

    // A tour created, edited, published, given a picture, read, listed and withdrawn.
    const created = await call('opsCreateTour', { body: tour }, admin);
    const tourParams = { id: created.data.id };
    await call('opsUpdateTour', { params: tourParams, body: { ...tour, nights: 3 } }, admin);
    await call('opsPublishTour', { params: tourParams }, admin);
    const pictured = await call(
      'opsUploadTourImage',
      { params: tourParams, body: { data_base64: PNG } },
      admin,
    );
    expect(pictured.data.image_url).toMatch(/^\/tour-images\//);
    const read = await call('opsGetTour', { params: tourParams }, admin);
    expect(read.data.history.map((entry) => entry.action)).toContain('tour.published');
    await call('opsListTours', {}, admin);
    await call('opsUnpublishTour', { params: tourParams }, admin);

    // The inboxes: a traveller's request about the tour and an agency's application, answered.
    const request = await addTourRequest(api.db, {
      tourId: created.data.id,
      fullName: 'Aziz Rahimov',
      email: 'aziz@example.com',
      phone: '+998901234567',
      lang: 'uz',
    });
    const [application] = await api.db
      .insert(tables.agencyApplications)
      .values({
        companyName: 'Silk Road Travel',
        contactName: 'Malika Yusupova',
        email: 'malika@silkroad.test',
        phone: '+998711234567',
        lang: 'ru',
      })
      .returning();
    const requests = await call('opsListTourRequests', { query: { status: 'new' } }, admin);
    expect(requests.data.map((r) => r.tour?.slug)).toContain('contract-tour');
    await call(
      'opsUpdateTourRequest',
      { params: { id: request.id }, body: { status: 'in_progress', note: 'Called back' } },
      admin,
    );
    await call('opsListAgencyApplications', {}, admin);
    await call(
      'opsUpdateAgencyApplication',
      { params: { id: application!.id }, body: { status: 'approved' } },
      admin,
    );

    // The second factor: a passkey (a software one) and another authenticator app added, the passkey used,
    // recovery codes regenerated, the app removed.
    expect((await call('opsSecondFactor', {}, admin)).data.status).toBe('verified');
    const passkey = new SoftPasskey('http://localhost');
    const creation = await call('opsPasskeyRegistrationOptions', {}, admin);
    const registered = await call(
      'opsRegisterPasskey',
      { body: { name: 'Laptop', response: passkey.register(creation.data.options as never) } },
      admin,
    );
    expect(registered.data.factor.kind).toBe('passkey');
    const setup = await call('opsTotpSetup', {}, admin);
    const app2 = await call(
      'opsEnrolTotp',
      { body: { name: 'Tablet', code: totpCodeAt(setup.data.secret, new Date()) } },
      admin,
    );
    const asked = await call('opsPasskeyAuthenticationOptions', {}, admin);
    const assertion = passkey.authenticate(asked.data.options as never);
    await call('opsVerifySecondFactor', { body: { method: 'passkey', response: assertion } }, admin);
    expect((await call('opsRegenerateRecoveryCodes', {}, admin)).data.recovery_codes).toHaveLength(10);
    await call('opsRemoveSecondFactor', { params: { id: app2.data.factor.id } }, admin);

    // A pricing rule previewed, created, previewed as edited, retired and listed with its versions.
    const rule = { kind: 'markup', priority: 1, percent_bp: 250, per: 'passenger' } as const;
    await call('opsPreviewPriceRule', { body: { rule } }, admin);
    const priced = await call('opsCreatePriceRule', { body: rule }, admin);
    const ruleParams = { id: priced.data.id };
    await call('opsPreviewPriceRule', { body: { rule, rule_id: priced.data.id } }, admin);
    await call('opsUpdatePriceRule', { params: ruleParams, body: { ...rule, percent_bp: 300 } }, admin);
    await call('opsRetirePriceRule', { params: ruleParams, body: {} }, admin);
    expect((await call('opsListPriceRules', {}, admin)).data[0]!.versions).toHaveLength(3);

    // A promo code created, edited, retired and listed with its versions.
    const terms = {
      code: 'CONTRACT',
      percent_bp: 500,
      per: 'passenger',
      total_limit: 5,
      per_traveller_limit: 1,
    } as const;
    const promo = await call('opsCreatePromoCode', { body: terms }, admin);
    const promoParams = { id: promo.data.id };
    await call('opsUpdatePromoCode', { params: promoParams, body: { ...terms, total_limit: 6 } }, admin);
    await call('opsRetirePromoCode', { params: promoParams, body: {} }, admin);
    expect((await call('opsListPromoCodes', {}, admin)).data[0]!.versions).toHaveLength(3);

    // The books' sales report over the orders paid and refunded above, by route.
    // The days around now (the API's clock is the real one here): a midnight meanwhile changes nothing.
    const period = { from: isoDay(Date.now(), -1), to: isoDay(Date.now(), 1), by: 'route' };
    const sales = await call('opsSalesReport', { query: period }, admin);
    expect(sales.data.rows.reduce((n, row) => n + row.orders, 0)).toBeGreaterThan(0);

    // Every console endpoint was called above.
    expect(Object.keys(opsEndpoints).filter((name) => !called.has(name as Name))).toEqual([]);
  }, 60_000);
});

describe('answers are checked against their contract outside production', () => {
  const contract = {
    method: 'GET',
    path: '/v1/things',
    summary: 'test',
    access: 'public',
    response: z.object({ data: z.object({ count: z.number() }) }),
  } as const;

  const emptyContract = {
    method: 'DELETE',
    path: '/v1/things',
    summary: 'test',
    access: 'public',
    status: 204,
    response: noContentSchema,
  } as const;

  async function hostAnswering(answer: unknown, checked: boolean) {
    const host = Fastify();
    host.setValidatorCompiler(validatorCompiler);
    host.setSerializerCompiler(contractSerializerCompiler(checked));
    host.get('/v1/things', { schema: schemaOf(contract) }, async () => answer as never);
    host.delete('/v1/things', { schema: schemaOf(emptyContract) }, async (_request, reply) =>
      answer === undefined ? reply.status(204).send() : reply.status(204).send(answer as never),
    );
    await host.ready();
    return host;
  }

  test('a drifted answer fails loudly under test, naming the field', async () => {
    const host = await hostAnswering({ data: { count: 'three' } }, true);
    const response = await host.inject('/v1/things');
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(/GET \/v1\/things answered outside its contract: data\.count/);
    await host.close();
  });

  test('answers are written as given (never reshaped by the schema), checked or not', async () => {
    for (const checked of [true, false]) {
      const host = await hostAnswering({ data: { count: 3, extra: 'kept' } }, checked);
      const response = await host.inject('/v1/things');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { count: 3, extra: 'kept' } });
      await host.close();
    }
  });

  test('a 204 endpoint answers no body; a body it was not meant to have fails under test', async () => {
    const empty = await hostAnswering(undefined, true);
    const done = await empty.inject({ method: 'DELETE', url: '/v1/things' });
    expect(done.statusCode).toBe(204);
    expect(done.body).toBe('');
    await empty.close();

    const chatty = await hostAnswering({ data: { deleted: true } }, true);
    const response = await chatty.inject({ method: 'DELETE', url: '/v1/things' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(/DELETE \/v1\/things answered outside its contract/);
    await chatty.close();
  });
});

describe('refusals are checked against their contract outside production', () => {
  /** A host whose GET /v1/offers/{id} (the getOffer contract) refuses with `failure`. */
  async function hostRefusing(failure: ApiFailure) {
    const host = Fastify();
    host.setErrorHandler(errorHandler);
    host.get(fastifyPath(endpoints.getOffer.path), async () => {
      throw failure;
    });
    await host.ready();
    return host;
  }

  test('a refusal its contract lists is sent as it is', async () => {
    const host = await hostRefusing(new ApiFailure('offer_unavailable', 'Sold.', { reason: 'sold_out' }));
    const response = await host.inject('/v1/offers/off_1');
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: 'offer_unavailable',
      message: 'Sold.',
      details: { reason: 'sold_out' },
    });
    await host.close();
  });

  test('a code or a reason its contract does not list fails loudly under test, naming the route', async () => {
    for (const failure of [
      new ApiFailure('invalid_code', 'No code here.'),
      new ApiFailure('offer_unavailable', 'Sold.', { reason: 'not_a_listed_reason' }),
    ]) {
      const host = await hostRefusing(failure);
      const response = await host.inject('/v1/offers/off_1');
      expect(response.statusCode).toBe(500);
      expect(response.json().error.message).toMatch(/GET \/v1\/offers\/:id refused outside its contract/);
      await host.close();
    }
  });

  test("each endpoint's refusals are one discriminated union on code, with its access's and any endpoint's", () => {
    const verify = endpointRefusalSchema(endpoints.verifySignInCode);
    const refusal = (error: object) => verify.safeParse({ error }).success;
    expect(
      refusal({ code: 'invalid_code', message: 'm', details: { reason: 'wrong', attempts_left: 2 } }),
    ).toBe(true);
    expect(refusal({ code: 'invalid_code', message: 'm', details: { reason: 'guessed' } })).toBe(false);
    expect(refusal({ code: 'rate_limited', message: 'm', details: { retry_after_seconds: 3 } })).toBe(true);
    expect(refusal({ code: 'not_found', message: 'm' })).toBe(false);
    const staff = endpointRefusalSchema(endpoints.opsGetOrder);
    expect(
      staff.safeParse({
        error: { code: 'second_factor_required', message: 'm', details: { status: 'verify' } },
      }).success,
    ).toBe(true);
    const user = endpointRefusalSchema(endpoints.listOrders);
    expect(user.safeParse({ error: { code: 'unauthorized', message: 'm' } }).success).toBe(true);
  });
});

describe('endpoint paths', () => {
  test('parameters are filled in percent-encoded; a missing one is an error', () => {
    expect(endpointPath('/v1/offers/{id}', { id: 'a/b c' })).toBe('/v1/offers/a%2Fb%20c');
    expect(() => endpointPath('/v1/offers/{id}', {})).toThrow(/missing path parameter id/);
    expect(fastifyPath('/v1/offers/{id}')).toBe('/v1/offers/:id');
  });
});

describe('GET /v1/openapi.json and /v1/reference', () => {
  test('describe every contract endpoint with its schemas', async () => {
    const response = await api.app.inject('/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const [name, e] of Object.entries(endpoints as Record<string, EndpointDefinition>)) {
      const operation = document.paths[e.path]?.[e.method.toLowerCase()];
      expect(operation, name).toMatchObject({ operationId: name, summary: e.summary });
      const status = String(e.status ?? 200);
      // (Integer-like keys come out in numeric order.)
      expect(Object.keys(operation.responses).sort(), name).toEqual(
        [status, ...(e.alsoStatus ?? []).map(String), 'default'].sort(),
      );
      expect(operation['x-parvoz-access'], name).toBe(e.access);
      if (status === '204') expect(operation.responses[status].content, name).toBeUndefined();
      else expect(operation.responses[status].content['application/json'].schema.type, name).toBe('object');
    }
    const search = document.paths['/v1/flights/search'].post;
    expect(search.requestBody.content['application/json'].schema.properties.slices.type).toBe('array');
    const offer = document.paths['/v1/offers/{id}'].get;
    expect(offer.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
    expect(offer.parameters).toContainEqual(
      expect.objectContaining({ name: 'currency', in: 'query', required: false }),
    );
  });

  test('a 204 endpoint is described with no content, others with their status and schema', () => {
    const document = openApiDocument(
      {
        remove: {
          method: 'DELETE',
          path: '/v1/things/{id}',
          summary: 'Removes a thing.',
          access: 'user',
          params: z.object({ id: z.string() }),
          status: 204,
          response: noContentSchema,
        },
        create: {
          method: 'POST',
          path: '/v1/things',
          summary: 'Makes a thing.',
          access: 'user',
          body: z.object({ name: z.string() }),
          status: 201,
          response: z.object({ data: z.object({ id: z.string() }) }),
        },
      },
      { title: 'test', version: '1' },
    );
    const remove = document.paths['/v1/things/{id}']!.delete as { responses: Record<string, unknown> };
    expect(remove.responses['204']).toEqual({ description: 'Done; no content' });
    const create = document.paths['/v1/things']!.post as {
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
    expect(create.responses['201']!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { data: { type: 'object', properties: { id: { type: 'string' } } } },
    });
  });

  test('the reference page lists them, with a strict CSP', async () => {
    const response = await api.app.inject('/v1/reference');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    for (const e of Object.values(endpoints)) expect(response.body).toContain(`${e.method} ${e.path}`);
  });
});
