import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeftRight, Search } from 'lucide-react';
import { buttonClasses } from '../../components/Button.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { DateField } from './DateField.tsx';
import { PassengersField } from './PassengersField.tsx';
import { PlaceField, preloadPlaceCombobox } from './PlaceField.tsx';
import { fetchPlaces } from './places.ts';
import {
  lastBookableDate,
  localToday,
  validateSearchForm,
  type PlaceValue,
  type SearchFormErrors,
  type SearchFormValues,
} from './search-form.ts';
import { errorClasses } from './ui.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** A typed name without a chosen place: the first suggestion, as the server does without JavaScript. */
async function resolvePlace(lang: string, value: PlaceValue): Promise<PlaceValue> {
  if (value.code || !value.name.trim()) return value;
  try {
    const [first] = await fetchPlaces(lang, value.name);
    return first ? { code: first.code, name: first.name } : value;
  } catch {
    return value;
  }
}

/**
 * The flight search form (spec §2): from, to, departure and return dates, passengers and class.
 * A plain POST to the home route's action without JavaScript; with it, checked here and navigated to
 * `/{lang}/flight/{search}` directly.
 */
export function SearchForm({
  idPrefix,
  initial,
  serverErrors,
  compact = false,
}: {
  idPrefix: string;
  initial: SearchFormValues;
  serverErrors?: SearchFormErrors | undefined;
  compact?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SearchFormErrors>(serverErrors ?? {});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The calendar's first day: the browser's date once running, the server's before.
  const today = useMemo(() => (hydrated ? localToday() : new Date().toISOString().slice(0, 10)), [hydrated]);
  const last = lastBookableDate(today);

  const id = (name: string) => `${idPrefix}-${name}`;
  const errorId = (field: keyof SearchFormErrors) => (errors[field] ? id(`${field}-error`) : undefined);
  const update = (patch: Partial<SearchFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // A changed field drops its message; the others stay until the next submit.
    setErrors((e) => {
      const next = { ...e };
      if ('fromCode' in patch || 'toCode' in patch) delete next.route;
      if ('depart' in patch) delete next.date;
      if ('ret' in patch || 'depart' in patch) delete next.returnDate;
      if ('passengers' in patch) delete next.passengers;
      return next;
    });
  };

  const focusFirstError = (found: SearchFormErrors, checked: SearchFormValues) => {
    const target = found.route
      ? checked.fromCode
        ? id('to')
        : id('from')
      : found.date
        ? id('depart')
        : found.returnDate
          ? id('return')
          : found.passengers
            ? id('passengers')
            : null;
    if (target) document.getElementById(target)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const [from, to] = await Promise.all([
        resolvePlace(locale, { code: values.fromCode, name: values.fromName }),
        resolvePlace(locale, { code: values.toCode, name: values.toName }),
      ]);
      const checked = {
        ...values,
        fromCode: from.code,
        fromName: from.name,
        toCode: to.code,
        toName: to.name,
      };
      setValues(checked);
      const result = validateSearchForm(checked, localToday());
      if (!result.ok) {
        setErrors(result.errors);
        focusFirstError(result.errors, checked);
        return;
      }
      setErrors({});
      navigate(`/${locale}/flight/${result.segment}`);
    } finally {
      setBusy(false);
    }
  };

  const swap = () =>
    update({
      fromCode: values.toCode,
      fromName: values.toName,
      toCode: values.fromCode,
      toName: values.fromName,
    });

  const message = (field: keyof SearchFormErrors) =>
    errors[field] ? (
      <p id={id(`${field}-error`)} className={errorClasses}>
        {t(errors[field]!)}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      method="post"
      action={`/${locale}?index`}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onPointerEnter={preloadPlaceCombobox}
      aria-label={t('search.form.label')}
      className={`grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-neutral-200 ${
        compact ? '' : 'sm:p-5'
      } lg:grid-cols-12 lg:items-start`}
    >
      <div className="grid gap-1 lg:col-span-7">
        <div className="grid items-end gap-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
          <PlaceField
            id={id('from')}
            name="from"
            label={t('search.form.from')}
            value={{ code: values.fromCode, name: values.fromName }}
            onChange={(p) => update({ fromCode: p.code, fromName: p.name })}
            describedBy={errorId('route')}
            invalid={Boolean(errors.route) && !values.fromCode}
            eager={!compact}
          />
          <button
            type="button"
            disabled={!hydrated}
            onClick={swap}
            aria-label={t('search.form.swap')}
            title={t('search.form.swap')}
            className="grid size-10 place-items-center justify-self-end rounded-full border border-neutral-300 bg-white text-primary-700 hover:bg-primary-50 disabled:opacity-60 sm:mb-1 sm:justify-self-center"
          >
            <ArrowLeftRight aria-hidden="true" className="size-4 rotate-90 sm:rotate-0" />
          </button>
          <PlaceField
            id={id('to')}
            name="to"
            label={t('search.form.to')}
            value={{ code: values.toCode, name: values.toName }}
            onChange={(p) => update({ toCode: p.code, toName: p.name })}
            describedBy={errorId('route')}
            invalid={Boolean(errors.route) && (!values.toCode || values.toCode === values.fromCode)}
            eager={!compact}
          />
        </div>
        {message('route')}
      </div>
      {/* One above the other on phones: side by side they cut "Select a date" and "One way" short. */}
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-2 lg:col-span-5">
        <div className="grid content-start gap-1">
          <DateField
            id={id('depart')}
            name="depart"
            label={t('search.form.departure')}
            value={values.depart}
            onChange={(depart) =>
              update(values.ret && values.ret < depart ? { depart, ret: '' } : { depart })
            }
            min={today}
            max={last}
            describedBy={errorId('date')}
            invalid={Boolean(errors.date)}
          />
          {message('date')}
        </div>
        <div className="grid content-start gap-1">
          <DateField
            id={id('return')}
            name="return"
            label={t('search.form.return')}
            value={values.ret}
            onChange={(ret) => update({ ret })}
            min={values.depart || today}
            max={last}
            optional
            align="end"
            describedBy={errorId('returnDate')}
            invalid={Boolean(errors.returnDate)}
          />
          {message('returnDate')}
        </div>
      </div>
      <PassengersField
        id={id('passengers')}
        passengers={values.passengers}
        cabin={values.cabin}
        onChange={(passengers, cabin) => update({ passengers, cabin })}
        error={errors.passengers ? t(errors.passengers) : undefined}
      />
      <button
        type="submit"
        aria-disabled={busy || undefined}
        className={`${buttonClasses({ size: 'lg' })} h-12 lg:col-span-3 lg:col-start-10 lg:self-end`}
      >
        <Search aria-hidden="true" className="size-4" />
        {t('search.form.submit')}
      </button>
    </form>
  );
}
