import { expect, test } from 'vitest';
import { opsTourFormSchema } from '@parvoz/contracts/ops-tours';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { ApiError } from '../../lib/api.server.ts';
import { typedRefusal } from '../../lib/endpoint-client.server.ts';
import { parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import { tourRefusal } from './tour-edit.server.ts';

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
