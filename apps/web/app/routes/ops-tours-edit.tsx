import { Form, data, redirect, useNavigation } from 'react-router';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { LOCALES } from '@parvoz/i18n/locales';
import { BOARD_BASES, TOUR_INCLUDES } from '@parvoz/contracts/tours';
import {
  opsTourInputSchema,
  opsTourParamsSchema,
  TOUR_IMAGE_MAX_BYTES,
  type OpsTourHistoryEntry,
} from '@parvoz/contracts/ops-tours';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import type { Route } from './+types/ops-tours-edit';
import { useRootData, useT, type MessageKey } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { formatInstant } from '../lib/local-time.ts';
import { ApiError } from '../lib/api.server.ts';
import { requestStateContext } from '../lib/request-context.server.ts';
import { Button } from '../components/Button.tsx';
import { FormField, inputClasses } from '../components/FormField.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { LocalizedLink } from '../components/LocalizedLink.tsx';
import { consoleNotFound, opsCall } from '../features/ops/ops-api.server.ts';
import { formText, readFormWithin } from '../features/ops/ops-forms.server.ts';
import { Notice } from '../features/ops/ConfirmStep.tsx';
import { AUDIT_ACTION_LABEL, TourPublished } from '../features/ops/TourPublished.tsx';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.tour ? 'ops.tours.edit' : 'ops.tours.new'),
  { name: 'robots', content: 'noindex, nofollow' },
];

export function headers({ parentHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  merged.set('Cache-Control', 'private, no-store');
  return merged;
}

const DONE = { created: 'ops.tours.created' } as const satisfies Record<string, MessageKey>;

/** /ops/tours/new (no id) or one tour with its history. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const justDone = new URL(request.url).searchParams.get('done') === 'created' ? DONE.created : null;
  if (params.id === undefined) {
    await opsCall(state, opsEndpoints.opsMe, {});
    return { tour: null, history: [] as OpsTourHistoryEntry[], justDone: null };
  }
  const id = opsTourParamsSchema.safeParse({ id: params.id });
  if (!id.success) {
    await opsCall(state, opsEndpoints.opsMe, {});
    throw consoleNotFound();
  }
  const answer = await opsCall(state, opsEndpoints.opsGetTour, { params: id.data });
  return { ...answer.data, justDone };
}

type Values = Record<string, string | string[]>;
type ActionResult = { done: MessageKey } | { problem: MessageKey; fields?: string[]; values?: Values };

/** The API's body from the form's fields (the same names, a field per language). */
function tourBody(form: FormData) {
  const localized = (name: string, max: number) =>
    Object.fromEntries(LOCALES.map((l) => [l, formText(form, `${name}_${l}`, max)]));
  return {
    slug: formText(form, 'slug', 200),
    title: localized('title', 200),
    summary: localized('summary', 500),
    description: localized('description', 5000),
    origin_code: formText(form, 'origin_code', 10),
    destination_code: formText(form, 'destination_code', 10),
    country_code: formText(form, 'country_code', 10),
    hotel_name: formText(form, 'hotel_name', 200),
    hotel_stars: formText(form, 'hotel_stars', 2) || null,
    board_basis: formText(form, 'board_basis', 4) || null,
    departs_on: formText(form, 'departs_on', 20),
    nights: formText(form, 'nights', 5),
    price: formText(form, 'price', 20),
    currency: formText(form, 'currency', 5),
    seats_left: formText(form, 'seats_left', 5),
    includes: form.getAll('includes').filter((v): v is string => typeof v === 'string'),
  };
}

function valuesOf(form: FormData): Values {
  const values: Values = {};
  for (const [name, value] of form)
    if (typeof value === 'string' && name !== 'intent') values[name] = value.slice(0, 5000);
  values.includes = form.getAll('includes').filter((v): v is string => typeof v === 'string');
  return values;
}

/** The API's refusal as words and the fields it names ('/price' → 'price'). */
function refusal(error: ApiError): { problem: MessageKey; fields: string[] } {
  const details = (error.body as { error?: { details?: unknown } })?.error?.details;
  if (error.code === 'unprocessable' && (details as { reason?: string })?.reason === 'slug_taken')
    return { problem: 'ops.tours.slugTaken', fields: ['slug'] };
  if (error.code === 'payload_too_large') return { problem: 'ops.tours.image.tooLarge', fields: [] };
  if (error.code === 'unprocessable') return { problem: 'ops.tours.image.type', fields: [] };
  const fields = Array.isArray(details)
    ? details.map((d: { path?: string }) => (d.path ?? '').split('/')[1] ?? '').filter(Boolean)
    : [];
  return { problem: 'ops.tours.invalid', fields };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const lang = context.get(requestStateContext).locale;
  const id = params.id === undefined ? null : opsTourParamsSchema.safeParse({ id: params.id });
  if (id && !id.success) throw consoleNotFound();
  const tourId = id?.data.id ?? null;
  // A picture and the form around it; a larger body is not read.
  const form = await readFormWithin(request, TOUR_IMAGE_MAX_BYTES + 64 * 1024);
  if (!form) {
    await opsCall(state, opsEndpoints.opsMe, {});
    return data<ActionResult>({ problem: 'ops.tours.image.tooLarge' }, { status: 413 });
  }
  const intent = form.get('intent');
  try {
    if (intent === 'save') {
      const body = tourBody(form);
      const parsed = opsTourInputSchema.safeParse(body);
      if (!parsed.success) {
        await opsCall(state, opsEndpoints.opsMe, {});
        const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))];
        return data<ActionResult>(
          { problem: 'ops.tours.invalid', fields, values: valuesOf(form) },
          { status: 400 },
        );
      }
      if (!tourId) {
        const created = await opsCall(state, opsEndpoints.opsCreateTour, { body: parsed.data });
        return redirect(`/${lang}/ops/tours/${created.data.id}?done=created`);
      }
      await opsCall(state, opsEndpoints.opsUpdateTour, { params: { id: tourId }, body: parsed.data });
      return data<ActionResult>({ done: 'ops.tours.saved' });
    }
    if (tourId && (intent === 'publish' || intent === 'unpublish')) {
      await opsCall(
        state,
        intent === 'publish' ? opsEndpoints.opsPublishTour : opsEndpoints.opsUnpublishTour,
        { params: { id: tourId } },
      );
      return data<ActionResult>({
        done: intent === 'publish' ? 'ops.tours.publishedDone' : 'ops.tours.unpublishedDone',
      });
    }
    if (tourId && intent === 'image') {
      const file = form.get('image');
      if (!(file instanceof File) || file.size === 0)
        return data<ActionResult>({ problem: 'ops.tours.image.missing' }, { status: 400 });
      if (file.size > TOUR_IMAGE_MAX_BYTES)
        return data<ActionResult>({ problem: 'ops.tours.image.tooLarge' }, { status: 413 });
      const bytes = Buffer.from(await file.arrayBuffer());
      await opsCall(state, opsEndpoints.opsUploadTourImage, {
        params: { id: tourId },
        body: { data_base64: bytes.toString('base64') },
      });
      return data<ActionResult>({ done: 'ops.tours.image.uploaded' });
    }
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
      const { problem, fields } = refusal(error);
      return data<ActionResult>(
        { problem, fields, ...(intent === 'save' ? { values: valuesOf(form) } : {}) },
        { status: error.status },
      );
    }
    throw error;
  }
  throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
}

const LOCALIZED_LABEL = {
  title: 'ops.tours.field.title',
  summary: 'ops.tours.field.summary',
  description: 'ops.tours.field.description',
} as const satisfies Record<string, MessageKey>;

const LANGUAGE_NAME: Record<(typeof LOCALES)[number], MessageKey> = {
  en: 'ops.tours.lang.en',
  ru: 'ops.tours.lang.ru',
  uz: 'ops.tours.lang.uz',
  tr: 'ops.tours.lang.tr',
};

export default function OpsTourEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { locale } = useRootData();
  const busy = useNavigation().state !== 'idle';
  const { tour, history, justDone } = loaderData;
  const result = actionData as ActionResult | undefined;
  const values = result && 'values' in result ? result.values : undefined;
  const invalid = new Set(result && 'fields' in result ? result.fields : []);
  const value = (name: string, fallback: string | number | null | undefined) => {
    const given = values?.[name];
    return typeof given === 'string' ? given : fallback == null ? '' : String(fallback);
  };
  const localizedValue = (name: 'title' | 'summary' | 'description', lang: (typeof LOCALES)[number]) =>
    value(`${name}_${lang}`, tour?.[name][lang]);
  const included = new Set(
    Array.isArray(values?.includes) ? values.includes : (tour?.includes ?? ['flight', 'hotel']),
  );
  const fieldError = (name: string) => (invalid.has(name) ? t('ops.tours.fieldInvalid') : null);
  const heading = tour ? t('ops.tours.edit') : t('ops.tours.new');

  const textField = (
    name: string,
    label: MessageKey,
    fallback: string | number | null | undefined,
    extra: Record<string, unknown> = {},
  ) => (
    <FormField id={`tour-${name}`} label={t(label)} error={fieldError(name)}>
      {(control) => (
        <input
          {...control}
          {...extra}
          name={name}
          defaultValue={value(name, fallback)}
          className={inputClasses(invalid.has(name))}
        />
      )}
    </FormField>
  );

  return (
    <div className="grid gap-6">
      <p>
        <LocalizedLink to="/ops/tours" className="text-primary-700 underline">
          {t('ops.tours.back')}
        </LocalizedLink>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading>{heading}</PageHeading>
        {tour ? <TourPublished published={tour.published} /> : null}
      </div>
      {justDone && !result ? <Notice kind="done">{t(justDone)}</Notice> : null}
      {result && 'done' in result ? <Notice kind="done">{t(result.done)}</Notice> : null}
      {result && 'problem' in result ? <Notice kind="error">{t(result.problem)}</Notice> : null}

      {tour ? (
        <section
          aria-labelledby="tour-publishing"
          className="grid gap-3 rounded border border-neutral-200 bg-white p-4"
        >
          <h2 id="tour-publishing" className="text-lg font-semibold">
            {t('ops.tours.publishing')}
          </h2>
          <p>{t(tour.published ? 'ops.tours.publishedHint' : 'ops.tours.draftHint')}</p>
          <div className="flex flex-wrap items-center gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value={tour.published ? 'unpublish' : 'publish'} />
              <Button type="submit" disabled={busy} variant={tour.published ? 'outline' : 'solid'}>
                {t(tour.published ? 'ops.tours.unpublish' : 'ops.tours.publish')}
              </Button>
            </Form>
            {tour.published ? (
              <LocalizedLink to={`/tours/${tour.slug}`} className="text-primary-700 underline">
                {t('ops.tours.viewOnSite')}
              </LocalizedLink>
            ) : null}
          </div>
        </section>
      ) : null}

      {tour ? (
        <section
          aria-labelledby="tour-picture"
          className="grid gap-3 rounded border border-neutral-200 bg-white p-4"
        >
          <h2 id="tour-picture" className="text-lg font-semibold">
            {t('ops.tours.image.heading')}
          </h2>
          {tour.image_url ? (
            <img
              src={tour.image_url}
              alt={t('ops.tours.image.current', { title: tour.title[locale] || tour.title.en })}
              className="max-h-48 w-auto max-w-full rounded object-cover"
              data-testid="ops-tour-image"
            />
          ) : (
            <p>{t('ops.tours.image.none')}</p>
          )}
          <Form
            method="post"
            encType="multipart/form-data"
            className="grid gap-3 sm:flex sm:flex-wrap sm:items-end"
          >
            <input type="hidden" name="intent" value="image" />
            <FormField
              id="tour-image"
              label={t('ops.tours.image.choose')}
              hint={t('ops.tours.image.hint')}
              className="min-w-0"
            >
              {(control) => (
                <input
                  {...control}
                  type="file"
                  name="image"
                  required
                  accept="image/jpeg,image/png,image/webp"
                  className="w-full max-w-full min-w-0"
                />
              )}
            </FormField>
            <Button type="submit" disabled={busy}>
              {t('ops.tours.image.upload')}
            </Button>
          </Form>
        </section>
      ) : null}

      <Form method="post" className="grid gap-4 rounded border border-neutral-200 bg-white p-4" noValidate>
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-4 md:grid-cols-2">
          {textField('slug', 'ops.tours.field.slug', tour?.slug, { required: true, maxLength: 80 })}
        </div>
        {(['title', 'summary', 'description'] as const).map((name) => (
          <fieldset key={name} className="grid gap-3 md:grid-cols-2">
            <legend className="mb-2 font-semibold">{t(LOCALIZED_LABEL[name])}</legend>
            {LOCALES.map((lang) => (
              <FormField
                key={lang}
                id={`tour-${name}-${lang}`}
                label={t(LANGUAGE_NAME[lang])}
                error={lang === 'en' ? fieldError(name) : null}
              >
                {(control) =>
                  name === 'title' ? (
                    <input
                      {...control}
                      lang={lang}
                      name={`${name}_${lang}`}
                      required={lang === 'en'}
                      defaultValue={localizedValue(name, lang)}
                      className={inputClasses(lang === 'en' && invalid.has(name))}
                    />
                  ) : (
                    <textarea
                      {...control}
                      lang={lang}
                      name={`${name}_${lang}`}
                      rows={name === 'description' ? 4 : 2}
                      defaultValue={localizedValue(name, lang)}
                      className={inputClasses(false)}
                    />
                  )
                }
              </FormField>
            ))}
          </fieldset>
        ))}
        <div className="grid gap-4 sm:grid-cols-3">
          {textField('origin_code', 'ops.tours.field.origin', tour?.origin_code, {
            maxLength: 3,
            required: true,
          })}
          {textField('destination_code', 'ops.tours.field.destination', tour?.destination_code, {
            maxLength: 3,
            required: true,
          })}
          {textField('country_code', 'ops.tours.field.country', tour?.country_code, {
            maxLength: 2,
            required: true,
          })}
          {textField('departs_on', 'ops.tours.field.departsOn', tour?.departs_on, {
            type: 'date',
            required: true,
          })}
          {textField('nights', 'ops.tours.field.nights', tour?.nights ?? 7, {
            type: 'number',
            min: 1,
            max: 60,
            required: true,
          })}
          {textField('seats_left', 'ops.tours.field.seatsLeft', tour?.seats_left ?? 10, {
            type: 'number',
            min: 0,
            max: 999,
            required: true,
          })}
          {textField('price', 'ops.tours.field.price', tour?.price, {
            inputMode: 'decimal',
            required: true,
          })}
          <FormField id="tour-currency" label={t('ops.tours.field.currency')} error={fieldError('currency')}>
            {(control) => (
              <select
                {...control}
                name="currency"
                defaultValue={value('currency', tour?.currency ?? 'USD')}
                className={inputClasses(invalid.has('currency'))}
              >
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {textField('hotel_name', 'ops.tours.field.hotel', tour?.hotel_name)}
          <FormField id="tour-stars" label={t('ops.tours.field.stars')} error={fieldError('hotel_stars')}>
            {(control) => (
              <select
                {...control}
                name="hotel_stars"
                defaultValue={value('hotel_stars', tour?.hotel_stars)}
                className={inputClasses(invalid.has('hotel_stars'))}
              >
                <option value="">{t('ops.tours.none.option')}</option>
                {[1, 2, 3, 4, 5].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="tour-board" label={t('ops.tours.field.board')} error={fieldError('board_basis')}>
            {(control) => (
              <select
                {...control}
                name="board_basis"
                defaultValue={value('board_basis', tour?.board_basis)}
                className={inputClasses(invalid.has('board_basis'))}
              >
                <option value="">{t('ops.tours.none.option')}</option>
                {BOARD_BASES.map((b) => (
                  <option key={b} value={b}>
                    {t(`tours.board.${b}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-semibold">{t('ops.tours.field.includes')}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {TOUR_INCLUDES.map((code) => (
              <label key={code} className="flex items-center gap-2">
                <input type="checkbox" name="includes" value={code} defaultChecked={included.has(code)} />
                {t(`tours.includes.${code}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <Button type="submit" disabled={busy}>
            {t(tour ? 'ops.tours.save' : 'ops.tours.create')}
          </Button>
        </div>
      </Form>

      {tour ? (
        <section aria-labelledby="tour-history" className="grid gap-2">
          <h2 id="tour-history" className="text-lg font-semibold">
            {t('ops.tours.history')}
          </h2>
          <ol className="grid gap-1 text-sm" data-testid="ops-tour-history">
            {history.map((e, i) => (
              <li key={i} className="wrap-anywhere">
                {formatInstant(locale, e.at)} · {e.actor ?? '—'} ·{' '}
                {AUDIT_ACTION_LABEL[e.action] ? t(AUDIT_ACTION_LABEL[e.action]!) : e.action}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
