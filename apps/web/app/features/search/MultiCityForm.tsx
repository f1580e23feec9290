import { useMemo, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Plus, Search, X } from 'lucide-react';
import { buttonClasses } from '../../components/Button.tsx';
import { ErrorList } from '../../components/Field.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { DateField } from './DateField.tsx';
import { PassengersField } from './PassengersField.tsx';
import { PlaceField, preloadPlaceCombobox } from './PlaceField.tsx';
import { browserDates, lastBookableDate } from './search-form.ts';
import { emptyLeg, MAX_LEGS, MIN_LEGS, type MultiCityErrors, type MultiCityValues } from './multi-city.ts';

/**
 * A multi-city trip (docs/design.md, "Multi-city"): two to six flights, each a row of from, to and date, for the
 * same travellers and cabin. It posts to `/{lang}/multi-city`, whose action finds places typed by name, checks
 * the trip and goes on to its results; "Add a flight" and "Remove" work without JavaScript too (they post the
 * form back with a row more or less).
 */
export function MultiCityForm({
  idPrefix,
  initial,
  errors,
}: {
  idPrefix: string;
  initial: MultiCityValues;
  errors?: MultiCityErrors | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  const [values, setValues] = useState(initial);
  const today = useMemo(
    () => (hydrated ? browserDates().first : new Date().toISOString().slice(0, 10)),
    [hydrated],
  );
  const last = lastBookableDate(today);
  const id = (name: string) => `${idPrefix}-${name}`;
  const setLeg = (index: number, change: Partial<MultiCityValues['legs'][number]>) =>
    setValues((v) => ({ ...v, legs: v.legs.map((leg, i) => (i === index ? { ...leg, ...change } : leg)) }));

  return (
    <Form
      method="post"
      action={`/${locale}/multi-city`}
      // The site's own messages speak (the browser's would block "Add a flight" on a date out of order).
      noValidate
      onPointerEnter={preloadPlaceCombobox}
      aria-label={t('search.multiCity.heading')}
      className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-neutral-200 sm:p-5"
    >
      {/* Enter in a field submits with the form's first submit button: this one searches (the rows' own would
          remove a flight). */}
      <button type="submit" name="intent" value="search" tabIndex={-1} aria-hidden="true" className="sr-only">
        {t('search.form.submit')}
      </button>
      <ol className="grid gap-4">
        {values.legs.map((leg, index) => {
          const error = errors?.legs[index];
          const errorId = id(`leg${index}-error`);
          const name = (field: string) => `legs[${index}].${field}`;
          return (
            <li key={index} className="grid gap-2">
              <fieldset className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,12rem)_auto] sm:items-end">
                <legend className="mb-1 text-sm font-semibold text-neutral-900">
                  {t('search.multiCity.leg', { number: index + 1 })}
                </legend>
                <PlaceField
                  id={id(`leg${index}-from`)}
                  name={name('from')}
                  label={t('search.form.from')}
                  value={leg.from}
                  onChange={(from) => setLeg(index, { from })}
                  invalid={Boolean(error) && !leg.from.code}
                  describedBy={error ? errorId : undefined}
                  eager={false}
                />
                <PlaceField
                  id={id(`leg${index}-to`)}
                  name={name('to')}
                  label={t('search.form.to')}
                  value={leg.to}
                  onChange={(to) => {
                    setLeg(index, { to });
                    // The next flight usually leaves from where this one lands: a place picked here fills its
                    // "from" while that is empty or still the place this field held.
                    const next = values.legs[index + 1];
                    const untouched =
                      next &&
                      (!next.from.name || (next.from.code === leg.to.code && next.from.name === leg.to.name));
                    if (to.code && untouched) setLeg(index + 1, { from: to });
                  }}
                  invalid={Boolean(error) && (!leg.to.code || leg.to.code === leg.from.code)}
                  describedBy={error ? errorId : undefined}
                  eager={false}
                />
                <DateField
                  id={id(`leg${index}-depart`)}
                  name={name('depart')}
                  label={t('search.multiCity.date')}
                  value={leg.depart}
                  onChange={(depart) => setLeg(index, { depart })}
                  min={values.legs[index - 1]?.depart || today}
                  max={last}
                  invalid={Boolean(error) && error !== 'search.form.error.route'}
                  describedBy={error ? errorId : undefined}
                />
                {values.legs.length > MIN_LEGS ? (
                  <button
                    type="submit"
                    name="intent"
                    value={`remove-${index}`}
                    onClick={(event) => {
                      if (!hydrated) return;
                      event.preventDefault();
                      setValues((v) => ({ ...v, legs: v.legs.filter((_, i) => i !== index) }));
                    }}
                    aria-label={t('search.multiCity.remove', { number: index + 1 })}
                    title={t('search.multiCity.remove', { number: index + 1 })}
                    className="grid size-10 place-items-center justify-self-end rounded-full border border-neutral-300 text-neutral-700 hover:bg-neutral-100"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                ) : null}
              </fieldset>
              <ErrorList id={errorId} errors={error ? [t(error)] : null} />
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-end gap-3">
        {values.legs.length < MAX_LEGS ? (
          <button
            type="submit"
            name="intent"
            value="add"
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              setValues((v) => {
                const from = v.legs.at(-1)?.to ?? { code: '', name: '' };
                return { ...v, legs: [...v.legs, { ...emptyLeg(), from }] };
              });
            }}
            className={buttonClasses({ variant: 'soft', size: 'md' })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('search.multiCity.add')}
          </button>
        ) : null}
        <PassengersField
          id={id('passengers')}
          passengers={values.passengers}
          cabin={values.cabin}
          onChange={(passengers, cabin) => setValues((v) => ({ ...v, passengers, cabin }))}
          error={errors?.passengers ? t(errors.passengers) : undefined}
          errorId={id('passengers-error')}
        />
        <button
          type="submit"
          name="intent"
          value="search"
          aria-disabled={busy || undefined}
          className={`${buttonClasses({ size: 'lg' })} h-12`}
        >
          <Search aria-hidden="true" className="size-4" />
          {t('search.form.submit')}
        </button>
      </div>
    </Form>
  );
}
