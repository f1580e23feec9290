import { data, redirect } from 'react-router';
import { endpoints } from '@parvoz/contracts/endpoints';
import { AGENCY_COUNTRIES, AGENCY_FIELDS, agencyApplicationFormSchema } from '@parvoz/contracts/agencies';
import { getIntl } from '@parvoz/i18n/messages';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { publicPageHeaders } from '../../lib/page-cache.server.ts';
import type { RequestState } from '../../lib/request-context.server.ts';
import { readFields, submitForm } from '../../features/info/form-action.server.ts';
import { INFO_PAGE_MAX_AGE_SECONDS } from '../../features/info/content.server.ts';
import { pageLocale } from '../../features/info/tours.server.ts';

/** The agency programme's texts (long ones live under `content.` and are formatted here). */
const BENEFITS = [
  { title: 'content.agencies.commission.title', body: 'content.agencies.commission.body' },
  { title: 'content.agencies.account.title', body: 'content.agencies.account.body' },
  { title: 'content.agencies.languages.title', body: 'content.agencies.languages.body' },
  { title: 'content.agencies.support.title', body: 'content.agencies.support.body' },
] as const;
const STEPS = ['content.agencies.step1', 'content.agencies.step2', 'content.agencies.step3'] as const;

/**
 * Country names in each language, taken once from the server's Intl.DisplayNames (Chromium has no Uzbek
 * names, so the list is never computed in the browser).
 */
const COUNTRY_NAMES: Record<Locale, Array<{ code: string; name: string }>> = Object.fromEntries(
  LOCALES.map((locale) => {
    const names = new Intl.DisplayNames(locale, { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(locale);
    const list = AGENCY_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    return [locale, list];
  }),
) as Record<Locale, Array<{ code: string; name: string }>>;

/** The agencies page: the programme in the page's language, the country list, and `?sent=1` after applying. */
export function loadAgenciesPage(request: Request, lang: string | undefined) {
  const locale = pageLocale(lang);
  const intl = getIntl(locale);
  const format = (id: string) => intl.formatMessage({ id });
  return data(
    {
      lead: format('content.agencies.lead'),
      benefits: BENEFITS.map((b) => ({ title: format(b.title), body: format(b.body) })),
      steps: STEPS.map(format),
      countries: COUNTRY_NAMES[locale],
      sent: new URL(request.url).searchParams.get('sent') === '1',
    },
    { headers: publicPageHeaders(request, INFO_PAGE_MAX_AGE_SECONDS) },
  );
}

/** The application form: validated here and by the API, stored and emailed to the operator. */
export async function agencyApplicationAction(
  request: Request,
  lang: string | undefined,
  state: RequestState,
) {
  const locale = pageLocale(lang);
  const refused = await submitForm({
    schema: agencyApplicationFormSchema(locale),
    fields: readFields(await request.formData(), AGENCY_FIELDS, { lang: locale }),
    send: (body) => callEndpoint(state.api, endpoints.applyAsAgency, { body }),
  });
  if (refused) return refused;
  return redirect(`/${locale}/agencies?sent=1#agency-apply`, { headers: { 'Cache-Control': 'no-store' } });
}
