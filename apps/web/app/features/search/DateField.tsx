import { lazy, Suspense, useRef, useState } from 'react';
import { CalendarDays, X } from 'lucide-react';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatShortDate } from './format.ts';
import { controlClasses, labelClasses } from './ui.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { usePopoverDismiss } from './use-popover-dismiss.ts';

/** react-day-picker, date-fns and the calendar's locale load on the first open, never with the page. */
const loadCalendar = () => import('./Calendar.tsx');
const Calendar = lazy(loadCalendar);

export type DateFieldProps = {
  id: string;
  name: string;
  label: string;
  /** YYYY-MM-DD or "". */
  value: string;
  onChange: (value: string) => void;
  /** First and last selectable dates (YYYY-MM-DD). */
  min: string;
  max: string;
  /** The return date: may stay empty (one way) and can be cleared. */
  optional?: boolean;
  /** Which edge of the field the calendar lines up with on small screens. */
  align?: 'start' | 'end';
  describedBy?: string | undefined;
  invalid?: boolean;
};

/**
 * A date. Without JavaScript the browser's own date field; once interactive, a button that opens a calendar
 * in the page's language (past dates and dates beyond the horizon disabled). Escape or a click outside closes
 * it and focus returns to the button.
 */
export function DateField(props: DateFieldProps) {
  const {
    id,
    name,
    label,
    value,
    onChange,
    min,
    max,
    optional,
    align = 'start',
    describedBy,
    invalid,
  } = props;
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);

  usePopoverDismiss(open, setOpen, popoverRef, buttonRef);

  if (!hydrated) {
    return (
      <div className="grid gap-1">
        <label htmlFor={id} className={labelClasses}>
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="date"
          min={min}
          max={max}
          defaultValue={value}
          className={controlClasses}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      </div>
    );
  }

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const text = value
    ? formatShortDate(locale, value)
    : optional
      ? t('search.form.noReturn')
      : t('search.form.pickDate');
  return (
    <div className="relative grid gap-1">
      <span id={`${id}-label`} className={labelClasses}>
        {label}
      </span>
      <div className="relative">
        <button
          ref={buttonRef}
          id={id}
          type="button"
          className={`${controlClasses} flex items-center gap-2 text-left ${value ? '' : 'text-neutral-600'} ${invalid ? 'border-red-700' : ''}`}
          aria-labelledby={`${id}-label ${id}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? `${id}-calendar` : undefined}
          aria-describedby={describedBy}
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
          onClick={() => setOpen((o) => !o)}
        >
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-neutral-600" />
          <span className="min-w-0 truncate">{text}</span>
        </button>
        {optional && value ? (
          <button
            type="button"
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-neutral-600 hover:bg-neutral-100"
            aria-label={t('search.form.clearReturn')}
            onClick={() => {
              onChange('');
              buttonRef.current?.focus();
            }}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
      <input type="hidden" name={name} value={value} />
      {open ? (
        <div
          ref={popoverRef}
          id={`${id}-calendar`}
          role="dialog"
          aria-label={label}
          className={`absolute top-full z-40 mt-1 rounded-lg ${align === 'end' ? 'right-0 lg:right-auto lg:left-0' : 'left-0'} border border-neutral-200 bg-white p-2 shadow-xl`}
        >
          <Suspense
            fallback={
              <p className="w-72 p-6 text-center text-sm text-neutral-700">
                {t('search.form.loadingCalendar')}
              </p>
            }
          >
            <Calendar
              locale={locale}
              value={value}
              min={min}
              max={max}
              onSelect={(date) => {
                onChange(date);
                close(true);
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
