/**
 * Every date and time format the pages use, by name. /uz formats with the FormatJS date polyfill, whose first
 * format parses every pattern of its data; the browser's copy of that data keeps only the patterns these
 * formats pick (build-tools/trim-date-data.ts), so a format missing here would print differently on /uz than
 * on the server. Hence the names: `formatDate` (local-time.ts) takes nothing else.
 */
export const DATE_FORMATS = {
  /** "18:35" / "6:35 PM" */
  time: { hour: 'numeric', minute: '2-digit' },
  /** "Tue, 15 Dec" */
  shortDate: { weekday: 'short', day: 'numeric', month: 'short' },
  /** "Tuesday, 15 December 2026" */
  longDate: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** "Tue, 15 December 2026" */
  weekdayDate: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
  weekdayShort: { weekday: 'short' },
  weekdayLong: { weekday: 'long' },
  /** "December 2026" */
  monthYear: { month: 'long', year: 'numeric' },
  /** "15 Dec 2026, 18:35 UTC" */
  instant: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  mediumDate: { dateStyle: 'medium' },
  longDateStyle: { dateStyle: 'long' },
  mediumDateTime: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormatName = keyof typeof DATE_FORMATS;
