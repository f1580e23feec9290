import { endpoints } from '@parvoz/contracts/endpoints';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { data, redirect } from 'react-router';
import { serialize } from 'cookie';
import type { Locale } from '@parvoz/i18n/locales';
import type { ApiClient } from '../../lib/api.server.ts';
import { webConfig } from '../../lib/config.server.ts';
import {
  earliestToday,
  lastBookableDate,
  validateSearchForm,
  valuesFromFormData,
  type PlaceValue,
} from './search-form.ts';

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
async function resolveByName(api: ApiClient, lang: Locale, value: PlaceValue): Promise<PlaceValue> {
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

/** The home route's action: the search form posted without JavaScript. */
export async function searchFormAction(request: Request, api: ApiClient, lang: Locale) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const values = valuesFromFormData(form);
  const [from, to] = await Promise.all([
    resolveByName(api, lang, { code: values.fromCode, name: values.fromName }),
    resolveByName(api, lang, { code: values.toCode, name: values.toName }),
  ]);
  const checked = { ...values, fromCode: from.code, fromName: from.name, toCode: to.code, toName: to.name };
  const now = new Date();
  const result = validateSearchForm(
    checked,
    earliestToday(now),
    lastBookableDate(now.toISOString().slice(0, 10)),
  );
  if (!result.ok) return data({ values: checked, errors: result.errors }, { status: 400 });
  throw redirect(`/${lang}/flight/${result.segment}`, { headers: { 'Set-Cookie': noScriptCookie() } });
}
