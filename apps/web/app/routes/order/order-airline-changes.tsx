import type { AirlineChange } from '@parvoz/contracts/booking';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatLocalDate, formatLocalTime } from '../../lib/local-time.ts';
import { PostButton, PostForm } from '../../components/PostButton.tsx';
import { useInstantFormat } from '../../lib/use-instant-format.ts';

type Flight = AirlineChange['added'][number];

function FlightLine({ flight }: { flight: Flight }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li>
      {t('order.airlineChange.flight', {
        flight: `${flight.carrier} ${flight.flight_number}`,
        from: flight.origin,
        to: flight.destination,
        departureDate: formatLocalDate(locale, flight.departing_at),
        departureTime: formatLocalTime(locale, flight.departing_at),
        arrivalDate: formatLocalDate(locale, flight.arriving_at),
        arrivalTime: formatLocalTime(locale, flight.arriving_at),
      })}
    </li>
  );
}

/** One side of a change: the flights as booked (struck through) or as they are now. */
function FlightList({
  heading,
  flights,
  className,
}: {
  heading: string;
  flights: readonly Flight[];
  className: string;
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold">{heading}</h3>
      <ul className={className}>
        {flights.map((flight, i) => (
          <FlightLine key={i} flight={flight} />
        ))}
      </ul>
    </div>
  );
}

/**
 * Changes the airline made to a supplier's order (docs/duffel.md): the flights as booked and as they are now,
 * in the airports' local times; "Accept the new schedule" while the airline lets us accept it, and, while the
 * change is open and the order cancellable, "Cancel the booking instead" (our cancellation quote, as the
 * button below the notice asks for). Both work without JavaScript. Once accepted and written into the
 * itinerary, it says so.
 */
export function AirlineChanges({
  changes,
  busy,
  cancellable,
}: {
  changes: readonly AirlineChange[];
  busy: boolean;
  /** The order may be cancelled (our own cancellation with its quote). */
  cancellable: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const instant = useInstantFormat(locale);
  if (changes.length === 0) return null;
  return (
    <HeadedSection
      headingId="order-airline-changes-heading"
      heading={t('order.airlineChange.heading')}
      className="grid gap-3 rounded border border-amber-300 bg-amber-50 p-4"
      data-testid="order-airline-changes"
    >
      <p>{t('order.airlineChange.lead')}</p>
      {changes.map((change) => (
        <div key={change.id} className="grid gap-2 border-t border-amber-200 pt-2">
          <div className="grid gap-1 sm:grid-cols-2">
            <FlightList
              heading={t('order.airlineChange.before')}
              flights={change.removed}
              className="text-sm text-neutral-700 line-through decoration-neutral-400"
            />
            <FlightList
              heading={t('order.airlineChange.now')}
              flights={change.added}
              className="text-sm font-medium"
            />
          </div>
          {change.action_taken === 'accepted' ? (
            <p className="text-sm" role="status">
              {t('order.airlineChange.accepted', {
                date: instant(change.action_taken_at ?? change.detected_at),
              })}
            </p>
          ) : null}
          {change.applied_at ? <p className="text-sm">{t('order.airlineChange.applied')}</p> : null}
          {change.acceptable ? (
            <PostForm intent="accept-change" fields={{ change_id: change.id }} className="grid gap-2">
              <SubmitButton disabled={busy}>{t('order.airlineChange.accept')}</SubmitButton>
              <p className="text-sm text-neutral-700">{t('order.airlineChange.acceptHint')}</p>
            </PostForm>
          ) : null}
          {change.action_taken === null && cancellable ? (
            <PostButton intent="cancel" variant="outline" color="neutral" disabled={busy}>
              {t('order.airlineChange.cancel')}
            </PostButton>
          ) : null}
        </div>
      ))}
    </HeadedSection>
  );
}
