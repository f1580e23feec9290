import { useRef, useState } from 'react';
import { CABINS } from '@parvoz/contracts/vocabulary';
import { Minus, Plus, Users } from 'lucide-react';
import { buttonClasses } from '../../components/Button.tsx';
import { Disclosure } from '../../components/Disclosure.tsx';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { MAX_SEATED_PASSENGERS as MAX_SEATED } from '@parvoz/contracts/search-limits';
import { ErrorList } from '../../components/Field.tsx';
import { passengerTotal, type Cabin, type PassengerCounts } from './search-form.ts';
import { controlClasses, labelClasses } from './ui.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { usePopoverDismiss } from './use-popover-dismiss.ts';

type Kind = keyof PassengerCounts;

const ROWS: { kind: Kind; label: MessageKey; hint: MessageKey; min: number }[] = [
  { kind: 'adults', label: 'search.passengers.adults', hint: 'search.passengers.adultsHint', min: 1 },
  { kind: 'children', label: 'search.passengers.children', hint: 'search.passengers.childrenHint', min: 0 },
  { kind: 'infants', label: 'search.passengers.infants', hint: 'search.passengers.infantsHint', min: 0 },
];

/** Most of each kind the rules allow next to the others (at most 9 seated, an infant per adult). */
function maxOf(kind: Kind, p: PassengerCounts): number {
  if (kind === 'adults') return MAX_SEATED - p.children;
  if (kind === 'children') return MAX_SEATED - p.adults;
  return p.adults;
}

/**
 * Passengers and class in a disclosure ("2 passengers, Economy"): adults 12+, children 2–11, infants under 2
 * on an adult's lap. Number fields work without JavaScript; − and + buttons join them once interactive.
 */
export function PassengersField({
  id,
  passengers,
  cabin,
  onChange,
  error,
  errorId,
}: {
  id: string;
  passengers: PassengerCounts;
  cabin: Cabin;
  onChange: (passengers: PassengerCounts, cabin: Cabin) => void;
  /** The passengers' error, translated, shown under the field as `errorId`. */
  error?: string | undefined;
  errorId: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLElement>(null);
  const cabinLabel = cabin === 'business' ? t('search.cabin.business') : t('search.cabin.economy');

  // Closes when the traveller clicks elsewhere on the page; Escape inside closes it and returns to its toggle.
  usePopoverDismiss(open, setOpen, rootRef, toggleRef);

  const set = (kind: Kind, n: number) => {
    const next = { ...passengers, [kind]: n };
    // Fewer adults than infants: infants follow (one per adult's lap).
    if (next.infants > next.adults) next.infants = next.adults;
    onChange(next, cabin);
  };

  return (
    <div className="relative grid gap-1 lg:col-span-4">
      <span id={`${id}-label`} className={labelClasses}>
        {t('search.passengers.label')}
      </span>
      <Disclosure
        className="group"
        open={open}
        onOpenChange={setOpen}
        rootRef={rootRef}
        toggleRef={toggleRef}
        panelId={`${id}-panel`}
        toggleProps={{
          id,
          'aria-labelledby': `${id}-label ${id}`,
          'aria-describedby': error ? errorId : undefined,
        }}
        toggleClassName={`${controlClasses} flex w-full items-center gap-2 text-left ${error ? 'border-red-700' : ''}`}
        // Below the toggle in the page's flow on phones and tablets (the search button moves down, never
        // hidden under it); a popover over the form on wide screens.
        panelClassName="mt-1 grid gap-4 rounded-lg border border-neutral-200 bg-white p-4 shadow-sm lg:absolute lg:top-full lg:right-0 lg:z-30 lg:w-80 lg:shadow-xl"
        summary={
          <>
            <Users aria-hidden="true" className="size-4 shrink-0 text-neutral-600" />
            <span className="min-w-0 truncate">
              {t('search.passengers.summary', { count: passengerTotal(passengers), cabin: cabinLabel })}
            </span>
          </>
        }
      >
        {ROWS.map(({ kind, label, hint, min }) => {
          const inputId = `${id}-${kind}`;
          const max = maxOf(kind, passengers);
          return (
            <div key={kind} className="flex items-center justify-between gap-3">
              <div className="grid">
                <label htmlFor={inputId} className="font-medium">
                  {t(label)}
                </label>
                <span id={`${inputId}-hint`} className="text-sm text-neutral-600">
                  {t(hint)}
                </span>
              </div>
              <div className="flex items-center gap-1">
                {hydrated ? (
                  <button
                    type="button"
                    className="grid size-9 place-items-center rounded-full border border-neutral-300 text-primary-700 disabled:opacity-40"
                    aria-label={t('search.passengers.fewer', { kind: t(label) })}
                    disabled={passengers[kind] <= min}
                    onClick={() => set(kind, passengers[kind] - 1)}
                  >
                    <Minus aria-hidden="true" className="size-4" />
                  </button>
                ) : null}
                <input
                  id={inputId}
                  name={`passengers.${kind}`}
                  type="number"
                  inputMode="numeric"
                  min={min}
                  max={MAX_SEATED}
                  className="h-9 w-12 rounded-md border border-neutral-300 text-center tabular-nums"
                  aria-describedby={`${inputId}-hint`}
                  value={passengers[kind]}
                  onChange={(event) => {
                    const n = Number.parseInt(event.currentTarget.value, 10);
                    if (Number.isInteger(n)) set(kind, Math.max(min, Math.min(MAX_SEATED, n)));
                  }}
                />
                {hydrated ? (
                  <button
                    type="button"
                    className="grid size-9 place-items-center rounded-full border border-neutral-300 text-primary-700 disabled:opacity-40"
                    aria-label={t('search.passengers.more', { kind: t(label) })}
                    disabled={passengers[kind] >= max}
                    onClick={() => set(kind, passengers[kind] + 1)}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                  </button>
                ) : null}
              </div>
            </div>
          );
        })}
        <p className="text-sm text-neutral-600">{t('search.passengers.rules')}</p>
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">{t('search.cabin.label')}</legend>
          {CABINS.map((c) => (
            <label key={c} className="flex items-center gap-2">
              <input
                type="radio"
                name="cabin"
                value={c}
                checked={cabin === c}
                onChange={() => onChange(passengers, c)}
                className="size-4 accent-primary-700"
              />
              {c === 'business' ? t('search.cabin.business') : t('search.cabin.economy')}
            </label>
          ))}
        </fieldset>
        {hydrated ? (
          <button
            type="button"
            // Outlined: the search button below stays the one solid blue call to action.
            className={buttonClasses({ size: 'md', variant: 'outline' })}
            onClick={() => {
              setOpen(false);
              toggleRef.current?.focus();
            }}
          >
            {t('search.passengers.done')}
          </button>
        ) : null}
      </Disclosure>
      <ErrorList id={errorId} errors={error ? [error] : null} />
    </div>
  );
}
