import { isRoundTrip } from '../lib/trip-legs.ts';
import { useLocale, useT, type MessageKey } from '../lib/i18n.tsx';
import { durationMinutes, formatLocalDate, formatLocalTime } from '../lib/local-time.ts';
import { AirlineMark } from './AirlineMark.tsx';

/** The parts of an offer's (or an order snapshot's) slices the itinerary shows. */
export type ItinerarySegment = {
  origin: string;
  destination: string;
  departing_at: string;
  arriving_at: string;
  duration?: string;
  marketing_carrier: { iata_code: string; name: string };
  flight_number: string;
  aircraft?: { name: string } | null;
  connection_minutes?: number;
};
export type ItinerarySlice = {
  origin: string;
  destination: string;
  departing_at: string;
  arriving_at: string;
  duration?: string;
  segments: ItinerarySegment[];
};

/** Hours and minutes in the page's language ("4 h 50 min"). */
export function useFormatDuration(): (minutes: number) => string {
  const t = useT();
  return (minutes) => t('booking.duration', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** Each slice with its flights: local departure and arrival dates and times, carrier, flight, transfers. */
export function Itinerary({ slices, headingLevel = 3 }: { slices: ItinerarySlice[]; headingLevel?: 2 | 3 }) {
  const t = useT();
  const locale = useLocale();
  const duration = useFormatDuration();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="grid gap-4">
      {slices.map((slice, sliceIndex) => {
        const total = slice.duration ? durationMinutes(slice.duration) : null;
        return (
          <section
            key={sliceIndex}
            aria-labelledby={`slice-${sliceIndex}-heading`}
            className="rounded border border-neutral-200 bg-white p-4"
          >
            <Heading id={`slice-${sliceIndex}-heading`} className="font-semibold">
              {slices.length > 1 && !isRoundTrip(slices)
                ? t('search.multiCity.leg', { number: sliceIndex + 1 })
                : sliceIndex === 0
                  ? t('booking.itinerary.outbound')
                  : t('booking.itinerary.return')}
              {': '}
              {slice.origin} → {slice.destination}
            </Heading>
            <p className="text-sm text-neutral-700">
              {formatLocalDate(locale, slice.departing_at, 'long')}
              {total !== null ? ` · ${t('booking.itinerary.travelTime', { duration: duration(total) })}` : ''}
            </p>
            <ol className="mt-3 grid gap-3">
              {slice.segments.map((segment, i) => (
                <li key={i} className="grid gap-1">
                  {segment.connection_minutes !== undefined && i > 0 ? (
                    <p className="rounded bg-amber-50 px-2 py-1 text-sm text-amber-900">
                      {t('booking.itinerary.transfer', {
                        airport: segment.origin,
                        duration: duration(segment.connection_minutes),
                      })}
                    </p>
                  ) : null}
                  <div className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm sm:text-base">
                    <Stop
                      message="booking.itinerary.departs"
                      airport={segment.origin}
                      at={segment.departing_at}
                    />
                    <Stop
                      message="booking.itinerary.arrives"
                      airport={segment.destination}
                      at={segment.arriving_at}
                    />
                  </div>
                  <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-neutral-600">
                    <AirlineMark code={segment.marketing_carrier.iata_code} />
                    {`${segment.marketing_carrier.iata_code} ${segment.flight_number} · ${segment.marketing_carrier.name}`}
                    {segment.aircraft?.name ? ` · ${segment.aircraft.name}` : ''}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

/** A segment's departure or arrival: the local time, then "<message>" with the airport and the date. */
function Stop({ message, airport, at }: { message: MessageKey; airport: string; at: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <span className="font-semibold tabular-nums">{formatLocalTime(locale, at)}</span>
      <span>{t(message, { airport, date: formatLocalDate(locale, at) })}</span>
    </>
  );
}
