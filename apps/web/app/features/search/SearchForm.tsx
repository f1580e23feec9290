import { useMemo } from 'react';
import { ArrowLeftRight, Search } from 'lucide-react';
import type { SubmissionResult } from '@conform-to/react';
import type { SearchFormErrorField } from '@parvoz/contracts/search-form';
import { buttonClasses } from '../../components/Button.tsx';
import { ErrorList } from '../../components/Field.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { DateField } from './DateField.tsx';
import { PassengersField } from './PassengersField.tsx';
import { PlaceField, preloadPlaceCombobox } from './PlaceField.tsx';
import { browserDates, lastBookableDate, type SearchFormValues } from './search-form.ts';
import { useSearchForm } from './use-search-form.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * The flight search form (spec §2): from, to, departure and return dates, passengers and class. A plain
 * POST to the home route's action without JavaScript; with it, places typed by name are looked up, the
 * contract's schema checks the form here (as the action does) and a search goes to `/{lang}/flight/{search}`
 * directly (use-search-form.ts). The controls show the page's values; Conform holds the errors.
 */
export function SearchForm({
  idPrefix,
  initial,
  lastResult,
  compact = false,
}: {
  idPrefix: string;
  initial: SearchFormValues;
  /** The action's answer to the form sent without JavaScript. */
  lastResult?: SubmissionResult | undefined;
  compact?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  const { values, update, errors, errorId, busy, formProps } = useSearchForm(idPrefix, initial, lastResult);
  // The calendar's first day: the browser's date once running, the server's before.
  const today = useMemo(
    () => (hydrated ? browserDates().first : new Date().toISOString().slice(0, 10)),
    [hydrated],
  );
  const last = lastBookableDate(today);

  const id = (name: string) => `${idPrefix}-${name}`;
  const describedBy = (field: SearchFormErrorField) => (errors[field] ? errorId(field) : undefined);
  /** A field's id and name, and the error (of the field or of the route) that describes it. */
  const fieldProps = <N extends string>(name: N, error: SearchFormErrorField) => ({
    id: id(name),
    name,
    describedBy: describedBy(error),
  });

  const swap = () =>
    update({
      fromCode: values.toCode,
      fromName: values.toName,
      toCode: values.fromCode,
      toName: values.fromName,
    });

  const message = (field: SearchFormErrorField) => {
    const key = errors[field];
    return <ErrorList id={errorId(field)} errors={key ? [t(key)] : null} />;
  };

  return (
    <form
      {...formProps}
      method="post"
      action={`/${locale}?index`}
      onPointerEnter={preloadPlaceCombobox}
      aria-label={t('search.form.label')}
      className={`grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-neutral-200 ${
        compact ? '' : 'sm:p-5'
      } lg:grid-cols-12 lg:items-start`}
    >
      <div className="grid gap-1 lg:col-span-7">
        <div className="grid items-end gap-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
          <PlaceField
            {...fieldProps('from', 'route')}
            label={t('search.form.from')}
            value={{ code: values.fromCode, name: values.fromName }}
            onChange={(p) => update({ fromCode: p.code, fromName: p.name })}
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
            {...fieldProps('to', 'route')}
            label={t('search.form.to')}
            value={{ code: values.toCode, name: values.toName }}
            onChange={(p) => update({ toCode: p.code, toName: p.name })}
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
            {...fieldProps('depart', 'depart')}
            label={t('search.form.departure')}
            value={values.depart}
            onChange={(depart) =>
              update(values.ret && values.ret < depart ? { depart, ret: '' } : { depart })
            }
            min={today}
            max={last}
            invalid={Boolean(errors.depart)}
          />
          {message('depart')}
        </div>
        <div className="grid content-start gap-1">
          <DateField
            {...fieldProps('return', 'return')}
            label={t('search.form.return')}
            value={values.ret}
            onChange={(ret) => update({ ret })}
            min={values.depart || today}
            max={last}
            optional
            align="end"
            invalid={Boolean(errors.return)}
          />
          {message('return')}
        </div>
      </div>
      <PassengersField
        id={id('passengers')}
        passengers={values.passengers}
        cabin={values.cabin}
        onChange={(passengers, cabin) => update({ passengers, cabin })}
        error={errors.passengers ? t(errors.passengers) : undefined}
        errorId={errorId('passengers')}
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
