import { data, redirect } from 'react-router';
import { multiCityFormFieldsSchema } from '@parvoz/contracts/search-form';
import type { Locale } from '@parvoz/i18n/locales';
import type { Route } from './+types/multi-city';
import { resolveByName } from '../../features/search/search-action.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { lastBookableDate } from '../../features/search/search-form.ts';
import {
  emptyLeg,
  FIRST_LEGS,
  hasErrors,
  MAX_LEGS,
  MIN_LEGS,
  multiCityErrors,
  multiCityPath,
  type MultiCityErrors,
  type MultiCityValues,
} from '../../features/search/multi-city.ts';

export type MultiCityActionData = { values: MultiCityValues; errors: MultiCityErrors };

/** A new trip: three empty flights, one adult in economy. */
export function loader() {
  const values: MultiCityValues = {
    legs: Array.from({ length: FIRST_LEGS }, emptyLeg),
    passengers: { adults: 1, children: 0, infants: 0 },
    cabin: 'economy',
  };
  return { values };
}

/**
 * The multi-city form sent: a row added or removed (the form without JavaScript), or the trip searched: places
 * typed by name found, each flight checked (with the dates any traveller may still call today), then on to
 * its results; or the form again with each flight's message (400).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const lang: Locale = state.locale;
  const submission = parseForm(await request.formData(), multiCityFormFieldsSchema);
  const fields =
    submission.status === 'success' ? submission.value : multiCityFormFieldsSchema.parse({ legs: [] });
  let legs = await Promise.all(
    fields.legs.map(async (leg) => ({
      from: await resolveByName(state.api, lang, { code: leg.from, name: leg.fromName }),
      to: await resolveByName(state.api, lang, { code: leg.to, name: leg.toName }),
      depart: leg.depart,
    })),
  );
  const intent = fields.intent;
  const removed = /^remove-(\d)$/.exec(intent);
  if (removed) legs = legs.filter((_, i) => i !== Number(removed[1]));
  // A row left blank is no flight: the form offers three, a trip may have two.
  else legs = legs.filter((leg) => leg.from.name || leg.to.name || leg.depart);
  if (intent === 'add' && legs.length < MAX_LEGS)
    legs.push({ ...emptyLeg(), from: legs.at(-1)?.to ?? emptyLeg().from });
  while (legs.length < MIN_LEGS) legs.push(emptyLeg());
  const values: MultiCityValues = { legs, passengers: fields.passengers, cabin: fields.cabin };
  if (intent === 'add' || removed) return data<MultiCityActionData>({ values, errors: { legs: {} } });

  const today = new Date().toISOString().slice(0, 10);
  const errors = multiCityErrors(values, { first: today, last: lastBookableDate(today) });
  if (hasErrors(errors)) return data<MultiCityActionData>({ values, errors }, { status: 400 });
  throw redirect(multiCityPath(lang, values));
}
