import { data } from 'react-router';
import type { z } from 'zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { ApiError, ApiNetworkError } from '../../lib/api.server.ts';
import { refusalOf } from '../../lib/endpoint-client.server.ts';
import { apiFieldErrors, parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import { NO_STORE } from '../../lib/page-cache.server.ts';
import { webLog } from '../../lib/log.server.ts';
import type { FormActionData } from './form-types.ts';

const MAX_FIELD = 4000;

/**
 * The form's text fields, each at most a few thousand characters (the schemas refuse longer ones anyway),
 * plus the server's own values (e.g. the page language: what the browser sent for it does not count).
 */
export function readFields(
  form: FormData,
  names: readonly string[],
  own: Record<string, string> = {},
): FormData {
  const fields = new FormData();
  for (const name of names) {
    const value = form.get(name);
    fields.set(name, typeof value === 'string' ? value.slice(0, MAX_FIELD) : '');
  }
  for (const [name, value] of Object.entries(own)) fields.set(name, value);
  return fields;
}

function refuse(body: FormActionData, status: number) {
  return data(body, { status, headers: NO_STORE });
}

/**
 * Validates with the contract's form schema, the one the browser validates with too (nothing is sent or
 * stored on invalid input), then sends the body to the API with `send` (a `callEndpoint`); the API's field
 * errors land on the fields by path. Returns the action's answer for a refusal, or null when the API
 * accepted the submission.
 */
export async function submitForm<S extends z.ZodType>(options: {
  schema: S;
  fields: FormData;
  send: (body: z.output<S>) => Promise<unknown>;
}) {
  const submission = parseForm(options.fields, options.schema);
  if (submission.status !== 'success') return refuse({ submission: submission.reply() }, 400);
  try {
    await options.send(submission.value);
    return null;
  } catch (error) {
    if (error instanceof ApiError) {
      const fieldErrors = apiFieldErrors(error);
      if (error.status === 400 && fieldErrors) {
        return refuse({ submission: replyWithFieldErrors(submission, fieldErrors) }, 400);
      }
      if (error.status === 404)
        return refuse({ submission: submission.reply(), problem: 'unavailable' }, 404);
      if (error.status === 422) {
        // A tour's request for more travellers than it has places left.
        const refusal = refusalOf(error, endpoints.requestTour);
        const seats = refusal?.code === 'unprocessable' ? refusal.details : undefined;
        if (seats?.reason === 'not_enough_seats') {
          return refuse(
            {
              submission: replyWithFieldErrors(submission, { adults: ['not_enough_seats'] }),
              seatsLeft: seats.seats_left,
            },
            422,
          );
        }
        if (fieldErrors) return refuse({ submission: replyWithFieldErrors(submission, fieldErrors) }, 422);
      }
      if (error.status === 429)
        return refuse({ submission: submission.reply(), problem: 'rate_limited' }, 429);
    } else if (!(error instanceof ApiNetworkError)) {
      throw error;
    }
    webLog.error({ err: error }, 'form submission failed');
    return refuse({ submission: submission.reply(), problem: 'generic' }, 503);
  }
}
