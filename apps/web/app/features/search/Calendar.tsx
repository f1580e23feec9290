import { use } from 'react';
import { DayPicker } from 'react-day-picker';
import type { DayPickerLocale } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import type { Locale } from '@parvoz/i18n/locales';

/** date-fns locales with DayPicker's translated labels; only the page's language is fetched. */
const LOADERS: Record<Locale, () => Promise<DayPickerLocale>> = {
  en: () => import('react-day-picker/locale/en-US').then((m) => m.enUS),
  ru: () => import('react-day-picker/locale/ru').then((m) => m.ru),
  uz: () => import('react-day-picker/locale/uz').then((m) => m.uz),
  tr: () => import('react-day-picker/locale/tr').then((m) => m.tr),
};
const loaded = new Map<Locale, Promise<DayPickerLocale>>();

function localeOf(locale: Locale): Promise<DayPickerLocale> {
  let promise = loaded.get(locale);
  if (!promise) {
    promise = LOADERS[locale]();
    loaded.set(locale, promise);
  }
  return promise;
}

/** A local calendar date from YYYY-MM-DD (DayPicker works in the browser's zone). */
function toDate(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

function toIso(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The month grid of one date field; `onSelect` gets YYYY-MM-DD. */
export default function Calendar({
  locale,
  value,
  min,
  max,
  onSelect,
}: {
  locale: Locale;
  value: string;
  min: string;
  max: string;
  onSelect: (date: string) => void;
}) {
  const dayPickerLocale = use(localeOf(locale));
  const first = toDate(min);
  const last = toDate(max);
  const selected = value ? toDate(value) : undefined;
  return (
    <DayPicker
      mode="single"
      locale={dayPickerLocale}
      selected={selected}
      defaultMonth={selected ?? first}
      startMonth={first}
      endMonth={last}
      disabled={[{ before: first }, { after: last }]}
      // The calendar opens as a dialog: focus moves into it, to the selected day or today (APG dialog pattern).
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      onSelect={(date) => {
        if (date) onSelect(toIso(date));
      }}
      className="[--rdp-accent-background-color:var(--color-primary-50)] [--rdp-accent-color:var(--color-primary-700)] [--rdp-day-height:2.5rem] [--rdp-day-width:2.5rem] [--rdp-day_button-height:2.375rem] [--rdp-day_button-width:2.375rem] sm:[--rdp-day-height:2.75rem] sm:[--rdp-day-width:2.75rem] sm:[--rdp-day_button-height:2.625rem] sm:[--rdp-day_button-width:2.625rem]"
    />
  );
}
