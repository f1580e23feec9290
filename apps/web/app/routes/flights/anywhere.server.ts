/**
 * The "anywhere" page's loader (docs/anywhere.md): the origin (chosen, typed by name, the last one searched from
 * or the language's home city) and the period (a month or a weekend) from the query, and the API's answer.
 * The page's words (`content.anywhere.*`), dates and months are worded here, on the server: they travel with this
 * page alone, not in the messages every page ships (apps/web/app/lib/shell-messages.server.ts).
 */
import { anywhereMonths, anywhereWeekends, type Anywhere } from '@parvoz/contracts/anywhere';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Locale } from '@parvoz/i18n/locales';
import { getIntl } from '@parvoz/i18n/messages';
import type { Route } from './+types/anywhere';
import { readCookies } from '../../lib/cookies.server.ts';
import { webConfig } from '../../lib/config.server.ts';
import { callEndpoint, refusalOf } from '../../lib/endpoint-client.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { displayCurrency } from '../../features/info/tours.server.ts';
import { lastOrigin } from '../../features/search/last-origin.ts';
import type { ApiClient } from '../../lib/api.server.ts';
import { formatMonth, formatShortDate } from '../../features/search/format.ts';
import { addDays } from '../../features/search/search-form.ts';
import { homeOriginOf } from '../site/home-popular.server.ts';

/**
 * The days a weekend's trips fly: out on its Friday (or its Saturday once Friday is past, as the API prices it)
 * and back on its Sunday.
 */
export function weekendDays(friday: string, earliest: string): [string, string] {
  return [friday < earliest ? addDays(friday, 1) : friday, addDays(friday, 2)];
}

export type AnywherePeriodOption = { value: string; label: string };

/** A destination as the page shows it: its dates in words. */
export type AnywhereCard = Anywhere['destinations'][number] & { dates: string };

export type AnywhereProblem = 'unknownOrigin' | 'unavailable' | 'live' | null;

const PROBLEM_WORDS = {
  unknownOrigin: 'content.anywhere.unknownOrigin',
  unavailable: 'content.anywhere.unavailable',
  live: 'content.anywhere.live',
} as const;

/**
 * The place the field names. Without JavaScript the field's code stays the one the page came with whatever is
 * typed over its name: the code counts only while the name still finds it.
 */
async function originNamed(api: ApiClient, lang: Locale, typed: { code: string; name: string }) {
  try {
    const found = await callEndpoint(api, endpoints.searchPlaces, {
      query: { q: typed.name, lang, limit: 8 },
    });
    const places = found.data;
    return (places.find((place) => place.code === typed.code) ?? places[0])?.code ?? '';
  } catch {
    return '';
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const lang: Locale = state.locale;
  const url = new URL(request.url);
  const earliest = addDays(new Date().toISOString().slice(0, 10), 1);
  const months = anywhereMonths(earliest);
  const weekends = anywhereWeekends(earliest);
  const periods = {
    months: months.map((value) => ({ value, label: formatMonth(lang, value) })),
    weekends: weekends.map((friday) => {
      const [out, back] = weekendDays(friday, earliest);
      return { value: friday, label: `${formatShortDate(lang, out)} – ${formatShortDate(lang, back)}` };
    }),
  };
  // `when` names a month (YYYY-MM) or a weekend by its Friday; anything else is the first month offered.
  const asked = url.searchParams.get('when') ?? '';
  const when = months.includes(asked) || weekends.includes(asked) ? asked : months[0]!;

  const typed = {
    code: (url.searchParams.get('from') ?? '').trim().toUpperCase(),
    name: (url.searchParams.get('fromName') ?? '').trim().slice(0, 100),
  };
  const origin = typed.name
    ? await originNamed(state.api, lang, typed)
    : /^[A-Z]{3}$/.test(typed.code)
      ? typed.code
      : (lastOrigin(readCookies(request)) ?? homeOriginOf(lang, webConfig.agencyHomeCity));

  let anywhere: Anywhere | null = null;
  let problem: AnywhereProblem = null;
  // A live site has no calendar of low fares to list a month by (docs/anywhere.md): it says so.
  if (webConfig.mode === 'live') problem = 'live';
  else if (!origin) problem = 'unknownOrigin';
  else
    try {
      const period = when.length === 7 ? { month: when } : { weekend: when };
      anywhere = (
        await callEndpoint(state.api, endpoints.flightsAnywhere, {
          query: { origin, ...period, currency: displayCurrency(request, lang), lang },
          signal: request.signal,
        })
      ).data;
    } catch (error) {
      const refusal = refusalOf(error, endpoints.flightsAnywhere);
      if (refusal?.code === 'validation_failed') problem = 'unknownOrigin';
      else {
        problem = 'unavailable';
        // Not kept for others by the page cache: the next visitor asks the API again.
        state.incomplete = true;
      }
    }
  const cards: AnywhereCard[] = (anywhere?.destinations ?? []).map((d) => ({
    ...d,
    dates: d.return_date
      ? `${formatShortDate(lang, d.departure_date)} – ${formatShortDate(lang, d.return_date)}`
      : formatShortDate(lang, d.departure_date),
  }));
  const periodLabel = [...periods.months, ...periods.weekends].find((p) => p.value === when)!.label;
  const intl = getIntl(lang);
  const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const words = {
    heading: say('content.anywhere.heading'),
    description: say('content.anywhere.description'),
    lead: say('content.anywhere.lead'),
    when: say('content.anywhere.when'),
    months: say('content.anywhere.months'),
    weekends: say('content.anywhere.weekends'),
    show: say('content.anywhere.show'),
    problem: problem ? say(PROBLEM_WORDS[problem]) : null,
    results: anywhere
      ? {
          heading: say('content.anywhere.results.heading', {
            city: anywhere.origin.name,
            period: periodLabel,
          }),
          note: say(
            when.length === 7 ? 'content.anywhere.results.noteMonth' : 'content.anywhere.results.noteWeekend',
          ),
          none: say('content.anywhere.results.none'),
        }
      : null,
  };
  return {
    words,
    when,
    periods,
    typedName: anywhere ? anywhere.origin.name : typed.name,
    origin: anywhere ? { ...anywhere.origin, currency: anywhere.currency } : null,
    cards,
    problem,
  };
}
