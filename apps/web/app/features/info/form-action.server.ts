import { data } from 'react-router';
import type { z } from 'zod';
import { formFieldErrors } from '@parvoz/contracts/tours';
import { ApiError, ApiNetworkError } from '../../lib/api.server.ts';
import { NO_STORE } from '../../lib/page-cache.server.ts';
import { webLog } from '../../lib/log.server.ts';
import type { FormActionData } from './form-types.ts';

const MAX_FIELD = 4000;

/** The form's text fields, each at most a few thousand characters (the schemas refuse longer ones anyway). */
export function readFields(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === 'string' ? value.slice(0, MAX_FIELD) : '';
  }
  return values;
}

function refuse(body: FormActionData, status: number) {
  return data(body, { status, headers: NO_STORE });
}

/**
 * Validates with the shared schema (nothing is sent or stored on invalid input), then sends the body to
 * the API with `send` (a `callEndpoint`). Returns the action's answer for a refusal, or null when the API
 * accepted the submission.
 */
export async function submitForm<S extends z.ZodType>(options: {
  schema: S;
  values: Record<string, string>;
  /** Extra fields of the API body (e.g. the page language). */
  extra?: Record<string, unknown>;
  send: (body: z.output<S>) => Promise<unknown>;
}) {
  const { values } = options;
  const parsed = options.schema.safeParse({ ...values, ...options.extra });
  if (!parsed.success) return refuse({ values, errors: formFieldErrors(parsed.error) }, 400);
  try {
    await options.send(parsed.data);
    return null;
  } catch (error) {
    if (error instanceof ApiError) {
      const envelope = error.body as {
        error?: { code?: string; details?: unknown };
      } | null;
      const details = envelope?.error?.details;
      if (error.status === 400 && Array.isArray(details)) {
        const errors: Record<string, string> = {};
        for (const item of details as Array<{ path?: string; message?: string }>) {
          const field = (item.path ?? '').split('/')[1];
          if (field) errors[field] ??= item.message ?? 'invalid';
        }
        if (Object.keys(errors).length) return refuse({ values, errors }, 400);
      }
      if (error.status === 404) return refuse({ values, errors: {}, problem: 'unavailable' }, 404);
      if (error.status === 422) {
        const info = details as { reason?: string; seats_left?: number } | undefined;
        if (info?.reason === 'not_enough_seats') {
          return refuse(
            { values, errors: { adults: 'not_enough_seats' }, seatsLeft: info.seats_left ?? 0 },
            422,
          );
        }
      }
      if (error.status === 429) return refuse({ values, errors: {}, problem: 'rate_limited' }, 429);
    } else if (!(error instanceof ApiNetworkError)) {
      throw error;
    }
    webLog.error({ err: error }, 'form submission failed');
    return refuse({ values, errors: {}, problem: 'generic' }, 503);
  }
}
