import { legLabel } from '../../lib/trip-legs.ts';
import { AlertTriangle, Moon, PlaneLanding, PlaneTakeoff } from 'lucide-react';
import { useLocale, useT } from '../../lib/i18n.tsx';
import {
  dayDifference,
  formatLongDate,
  formatShortDate,
  formatTime,
  useFormatDuration,
} from '../../features/search/format.ts';
import type { ResultSlice } from '../../features/search/results.ts';
import { AirlineMark } from '../../components/AirlineMark.tsx';

/** "+1 day" after a time that falls on a later date than the slice's departure. */
export function DayMark({ from, to }: { from: string; to: string }) {
  const t = useT();
  const days = dayDifference(from, to);
  if (days === 0) return null;
  return (
    <span className="ml-1 align-super text-xs font-semibold text-amber-800">
      {t('search.offer.dayMark', { days })}
    </span>
  );
}

/**
 * Route details (spec §2): per flight the number, airline, aircraft, local departure and arrival times and
 * dates with "+1 day" marks, flight time; between flights the layover, with airport-change and overnight
 * warnings; per slice the travel time.
 */
export function RouteDetails({
  slices,
  headingLevel = 4,
  names,
}: {
  slices: ResultSlice[];
  headingLevel?: 3 | 4;
  /** Names of the searched places by code, for the slice headings. */
  names: Record<string, string>;
}) {
  const t = useT();
  const locale = useLocale();
  const duration = useFormatDuration();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const nameOf = (code: string) => (names[code] ? `${names[code]} (${code})` : code);
  return (
    <div className="grid gap-5">
      {slices.map((slice, s) => (
        <section key={s} className="grid gap-3">
          <Heading className="font-semibold">
            {legLabel(t, s, slices)}
            {': '}
            {nameOf(slice.origin)} → {nameOf(slice.destination)}
          </Heading>
          <p className="-mt-2 text-sm text-neutral-700">
            {formatLongDate(locale, slice.departing_at)}
            {' · '}
            {t('search.details.travelTime', { duration: duration(slice.duration_minutes) })}
          </p>
          <ol className="grid gap-3">
            {slice.segments.map((seg, i) => {
              const previous = i > 0 ? slice.segments[i - 1]! : null;
              const airportChange = previous !== null && previous.destination !== seg.origin;
              const overnight =
                previous !== null && dayDifference(previous.arriving_at, seg.departing_at) > 0;
              return (
                <li key={seg.flight_key} className="grid gap-2">
                  {previous ? (
                    <div className="grid gap-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                      <p className="font-medium">
                        {t('search.details.layover', {
                          airport: airportChange ? `${previous.destination} → ${seg.origin}` : seg.origin,
                          duration: duration(seg.connection_minutes ?? 0),
                        })}
                      </p>
                      {airportChange ? (
                        <p className="flex items-center gap-1.5">
                          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
                          {t('search.details.airportChange', { from: previous.destination, to: seg.origin })}
                        </p>
                      ) : null}
                      {overnight ? (
                        <p className="flex items-center gap-1.5">
                          <Moon aria-hidden="true" className="size-4 shrink-0" />
                          {t('search.details.overnight')}
                        </p>
                      ) : null}
                    </div>
                  ) : null}
                  <div className="grid gap-2 rounded-md border border-neutral-200 p-3">
                    <p className="flex flex-wrap items-center gap-x-1 text-sm text-neutral-700">
                      <AirlineMark code={seg.carrier.code} />
                      <span className="ml-0.5 font-semibold text-neutral-900">
                        {t('search.details.flight', { number: `${seg.carrier.code} ${seg.flight_number}` })}
                      </span>
                      {' · '}
                      {seg.carrier.name}
                      {seg.aircraft ? ` · ${seg.aircraft}` : ''}
                    </p>
                    <div className="grid grid-cols-[auto_auto_1fr] items-baseline gap-x-3 gap-y-1">
                      {SEGMENT_ENDS.map((end) => (
                        <Stop key={end.message} end={end} seg={seg} sliceStart={slice.departing_at} />
                      ))}
                    </div>
                    <p className="text-sm text-neutral-700">
                      {t('search.details.flightTime', { duration: duration(seg.duration_minutes) })}
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** A segment's two ends, take-off then landing: the icon, the words, and the fields saying where and when. */
const SEGMENT_ENDS = [
  { Icon: PlaneTakeoff, message: 'search.details.departs', airport: 'origin', at: 'departing_at' },
  { Icon: PlaneLanding, message: 'search.details.arrives', airport: 'destination', at: 'arriving_at' },
] as const;

/** A segment's take-off or landing: the icon, the time (with the days since the slice began), the airport and date. */
function Stop({
  end: { Icon, message, airport, at },
  seg,
  sliceStart,
}: {
  end: (typeof SEGMENT_ENDS)[number];
  seg: ResultSlice['segments'][number];
  sliceStart: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <Icon aria-hidden="true" className="size-4 self-center text-neutral-600" />
      <span className="font-semibold tabular-nums">
        {formatTime(locale, seg[at])}
        <DayMark from={sliceStart} to={seg[at]} />
      </span>
      <span>{t(message, { airport: seg[airport], date: formatShortDate(locale, seg[at]) })}</span>
    </>
  );
}
