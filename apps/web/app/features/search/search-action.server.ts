import { endpoints } from '@parvoz/contracts/endpoints';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { data, redirect } from 'react-router';
import { serialize } from 'cookie';
import type { Locale } from '@parvoz/i18n/locales';
import type { ApiClient } from '../../lib/api.server.ts';
import { webConfig } from '../../lib/config.server.ts';
import type { SubmissionResult } from '@conform-to/react';
import { searchFormFieldsSchema, searchFormSchema } from '@parvoz/contracts/search-form';
import { boundedForm, parseForm } from '../../lib/form.server.ts';
import {
  formValues,
  resultsPath,
  serverDates,
  type PlaceValue,
  type SearchFormValues,
} from './search-form.ts';

/** The places as posted: a code, or a name typed without JavaScript to look up first (never fails). */
const placeFieldsSchema = searchFormFieldsSchema.pick({ from: true, fromName: true, to: true, toName: true });

/** The home route's answer to a refused search: the form as sent (places found by name filled in) and its errors. */
export type SearchActionData = { values: SearchFormValues; submission: SubmissionResult };

/**
 * Marks a visitor whose browser submitted the search form itself (no JavaScript): their results page is sent
 * complete instead of streamed, since a streamed page needs a script to show what arrives after the skeleton.
 */
export const NO_SCRIPT_COOKIE = 'parvoz_nojs';

export function noScriptCookie(): string {
  return serialize(NO_SCRIPT_COOKIE, '1', {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: webConfig.secureCookies,
    maxAge: 60 * 60,
  });
}

/** A place typed by name (no list to pick from without JavaScript): the API's best match. */
export async function resolveByName(api: ApiClient, lang: Locale, value: PlaceValue): Promise<PlaceValue> {
  if (value.code || !value.name) return value;
  try {
    const answer = await callEndpoint(api, endpoints.searchPlaces, {
      query: { q: value.name, lang, limit: 1 },
    });
    const first = answer.data[0];
    return first ? { code: first.code, name: first.name } : value;
  } catch {
    return value;
  }
}

/**
 * The home route's action: the search form posted without JavaScript. Places typed by name are looked up
 * first, then the contract's schema checks the form as the browser does (with the dates any traveller may
 * still call today): back to the form with its errors (400), or on to the results.
 */
export async function searchFormAction(request: Request, api: ApiClient, lang: Locale, now = new Date()) {
  let form: FormData;
  try {
    form = boundedForm(await request.formData());
  } catch {
    form = new FormData();
  }
  const places = parseForm(form, placeFieldsSchema);
  // Each field falls back to "" rather than fail (the contract's schema): the form is read as if empty otherwise.
  const sent = places.status === 'success' ? places.value : placeFieldsSchema.parse({});
  const [from, to] = await Promise.all([
    resolveByName(api, lang, { code: sent.from, name: sent.fromName }),
    resolveByName(api, lang, { code: sent.to, name: sent.toName }),
  ]);
  form.set('from', from.code);
  form.set('fromName', from.name);
  form.set('to', to.code);
  form.set('toName', to.name);
  const submission = parseForm(
    form,
    searchFormSchema(() => serverDates(now)),
  );
  if (submission.status !== 'success') {
    const values = formValues(searchFormFieldsSchema.parse(submission.payload));
    return data<SearchActionData>({ values, submission: submission.reply() }, { status: 400 });
  }
  throw redirect(resultsPath(lang, submission.value), { headers: { 'Set-Cookie': noScriptCookie() } });
}
