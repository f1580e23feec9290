import { data } from 'react-router';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { SubmissionResult } from '@conform-to/react';
import {
  alertRange,
  ALERT_DATE_CHOICES,
  priceAlertCreateRequestSchema,
  priceAlertFormSchema,
  type AlertDateChoice,
} from '@parvoz/contracts/price-alerts';
import type { Locale } from '@parvoz/i18n/locales';
import type { Route } from './+types/subscribe';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint, refusalOf } from '../../lib/endpoint-client.server.ts';
import { apiFieldErrors, parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import type { PriceAlertFormResult, PriceAlertProblem } from '../../features/price-alerts/result.ts';
import { parseSegment } from '../../features/search/results.server.ts';
import { addDays, daysBetween } from '../../features/search/search-form.ts';

/** Nothing to load: the page shows the answer of its action (a browser without JavaScript lands here). */
export function loader() {
  return null;
}

/** The results page the form was on (its path segment), read alone: the answer names it even when the email is wrong. */
const segmentFormSchema = priceAlertFormSchema.pick({ segment: true });

/**
 * Subscribes to a price alert for the search of a results page: the search from its path segment, the
 * currency the page shows prices in (the same cookie the results page reads), the page's language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang: Locale = context.get(requestStateContext).locale;
  const state = context.get(requestStateContext);
  const form = await request.formData();
  // The form's schema, the one the browser checks with: a wrong email comes back under its field.
  const submission = parseForm(form, priceAlertFormSchema);
  const page = parseForm(form, segmentFormSchema);
  const segment = page.status === 'success' ? page.value.segment : '';
  // The email as typed, shown again with the answer.
  const typed = submission.payload.email;
  const email = typeof typed === 'string' ? typed.slice(0, 254) : '';
  const chosen = form.get('dates');
  const dates: AlertDateChoice = ALERT_DATE_CHOICES.find((choice) => choice === chosen) ?? 'day';
  const answer = (ok: boolean, problem?: PriceAlertProblem, status = 200) =>
    data<PriceAlertFormResult>({ segment, email, dates, ok, ...(problem ? { problem } : {}) }, { status });
  const refused = (reply: SubmissionResult) =>
    data<PriceAlertFormResult>({ segment, email, dates, ok: false, submission: reply }, { status: 400 });

  const parsedSegment = segment ? parseSegment(segment) : null;
  if (!parsedSegment?.ok) return answer(false, 'generic', 400);
  if (submission.status !== 'success') return refused(submission.reply());
  const search = parsedSegment.value;
  // The days watched, none before today (UTC, as the API counts the days still to come).
  const today = new Date().toISOString().slice(0, 10);
  const range = alertRange(submission.value.dates, search.departureDate, today);
  const stay = search.returnDate ? daysBetween(search.departureDate, search.returnDate) : null;
  const body = priceAlertCreateRequestSchema.safeParse({
    email: submission.value.email,
    lang,
    currency: state.currency,
    origin: search.origin,
    destination: search.destination,
    departure_date: range.from,
    // A round trip keeps its stay from the range's first day.
    return_date: stay === null ? null : addDays(range.from, stay),
    departure_until: range.until,
    passengers: search.passengers,
    cabin_class: search.cabin,
  });
  if (!body.success) return answer(false, 'generic', 400);
  try {
    await callEndpoint(state.api, endpoints.createPriceAlert, { body: body.data });
    return data<PriceAlertFormResult>({ segment, email: body.data.email, dates, ok: true });
  } catch (error) {
    if (error instanceof ApiError) {
      const refusal = refusalOf(error, endpoints.createPriceAlert);
      const reason = refusal?.code === 'unprocessable' ? refusal.details.reason : undefined;
      if (error.status === 429) return answer(false, 'rate_limited', 429);
      // The API's field errors by path: only the email is the traveller's to correct here.
      const emailErrors = apiFieldErrors(error)?.email;
      if (emailErrors) return refused(replyWithFieldErrors(submission, { email: emailErrors }));
      if (error.status === 422 && reason === 'alert_limit') return answer(false, 'limit', 422);
      if (error.status === 422 && reason === 'no_offers') return answer(false, 'no_offers', 422);
      if (error.status < 500) return answer(false, 'generic', error.status);
    }
    state.log.error({ err: error }, 'price alert not created');
    return answer(false, 'generic', 503);
  }
}
