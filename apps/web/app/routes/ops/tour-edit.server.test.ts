import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { opsTourFormSchema } from '@parvoz/contracts/ops-tours';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { ApiError } from '../../lib/api.server.ts';
import { typedRefusal } from '../../lib/endpoint-client.server.ts';
import { parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import { answerOf, startApiStandIn, type Asked } from '../../testing/api-stand-in.ts';
import { testRequestState } from '../../testing/request-state.ts';
import { tourAction, tourRefusal } from './tour-edit.server.ts';
import type { TourActionResult } from './tour-edit-fields.ts';

/** The API's answer to PUT /v1/ops/tours/{id}, as the web's client keeps it (typed by its contract). */
const refused = (status: number, error: object) =>
  typedRefusal(
    new ApiError('PUT', '/v1/ops/tours/x', new Response(null, { status }), { error }),
    opsEndpoints.opsUpdateTour,
  ) as ApiError;

/** A tour form as the browser posts it (every field; the empty ones as ''). */
const sent = () => {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: 'save',
    slug: 'khiva-bukhara',
    'title.en': 'Khiva and Bukhara',
    'summary.en': '',
    'description.en': '',
    origin_code: 'TAS',
    destination_code: 'UGC',
    country_code: 'UZ',
    departs_on: '2026-12-20',
    nights: '4',
    price: '459.5',
    currency: 'UZS',
    seats_left: '12',
    hotel_name: '',
    hotel_stars: '',
    board_basis: '',
  }))
    form.append(name, value);
  return form;
};

test('the API’s field details come back at their fields by path, with what was typed', () => {
  const submission = parseForm(sent(), opsTourFormSchema);
  expect(submission.status).toBe('success');
  // UZS has no minor units: the API refuses the price by its path, the form shows it at the price.
  const { problem, fieldErrors } = tourRefusal(
    refused(400, {
      code: 'validation_failed',
      message: 'The request is not valid.',
      details: [
        { in: 'body', path: '/price', message: 'not an amount of UZS' },
        { in: 'body', path: '/title/en', message: 'too long' },
      ],
    }),
  );
  expect(problem).toBe('ops.tours.invalid');
  const reply = replyWithFieldErrors(submission, fieldErrors);
  expect(reply.error).toEqual({ price: ['not an amount of UZS'], 'title.en': ['too long'] });
  expect(reply.initialValue).toMatchObject({
    slug: 'khiva-bukhara',
    price: '459.5',
    title: { en: 'Khiva and Bukhara' },
  });
});

test('a slug another tour has is an error of the slug field', () => {
  const { problem, fieldErrors } = tourRefusal(
    refused(422, {
      code: 'unprocessable',
      message: 'Another tour has this address (slug).',
      details: { reason: 'slug_taken', slug: 'khiva-bukhara' },
    }),
  );
  expect(problem).toBe('ops.tours.slugTaken');
  expect(fieldErrors).toEqual({ slug: ['slug_taken'] });
});

test('a refusal without field details still says the form was refused', () => {
  expect(tourRefusal(refused(400, { code: 'malformed_request', message: 'x' }))).toEqual({
    problem: 'ops.tours.invalid',
    fieldErrors: {},
  });
});

describe("the tour page's forms, posted to its action against a stand-in of the console's API", () => {
  const TOUR = '5a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  let standIn: Awaited<ReturnType<typeof startApiStandIn>>;
  beforeAll(async () => {
    standIn = await startApiStandIn(({ method, path }: Asked) =>
      method === 'GET' && path === '/v1/ops/me'
        ? {
            status: 200,
            body: { data: { email: 'op@example.com', role: 'operator', second_factor: 'verified' } },
          }
        : { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } },
    );
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.asked.length = 0;
  });

  const post = (form: FormData, tourId: string | null = TOUR) =>
    answerOf<TourActionResult>(() =>
      tourAction(
        new Request('http://localhost/en/ops/tours/x', { method: 'POST', body: form }),
        testRequestState(standIn.api, { token: 'staff' }),
        tourId,
      ),
    );
  const formOf = (fields: Record<string, string | File>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  };
  const changes = () => standIn.asked.filter((a) => a.method !== 'GET').map((a) => `${a.method} ${a.path}`);

  test.each([
    ['a form of no intent the page knows', { intent: 'delete' }, TOUR],
    ['a form without an intent', {}, TOUR],
    ['publishing a tour not yet saved', { intent: 'publish' }, null],
  ])('%s is refused with the page’s message and changes nothing', async (_name, fields, tourId) => {
    expect(await post(formOf(fields), tourId)).toMatchObject({
      status: 400,
      data: { problem: 'ops.tours.invalid' },
    });
    expect(changes()).toEqual([]);
  });

  test.each([
    ['no picture', {}],
    ['an empty file input', { image: new File([], '') }],
    ['a text instead of a file', { image: 'picture.jpg' }],
  ])('a picture form with %s asks for a picture first and sends nothing', async (_name, fields) => {
    expect(await post(formOf({ intent: 'image', ...fields }))).toMatchObject({
      status: 400,
      data: { problem: 'ops.tours.image.missing' },
    });
    expect(changes()).toEqual([]);
  });

  test('a picture goes to the tour’s image endpoint; "publish" to its publish endpoint', async () => {
    // The stand-in knows no tour: the console's 404 comes back, after the request was sent.
    const picture = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'tour.jpg', { type: 'image/jpeg' });
    expect(await post(formOf({ intent: 'image', image: picture }))).toMatchObject({
      thrown: { status: 404 },
    });
    expect(await post(formOf({ intent: 'publish' }))).toMatchObject({ thrown: { status: 404 } });
    expect(changes()).toEqual([`POST /v1/ops/tours/${TOUR}/image`, `POST /v1/ops/tours/${TOUR}/publish`]);
  });
});
