import { Form } from 'react-router';
import type { AirlineChange } from '@parvoz/contracts/booking';
import { Button } from '../../components/Button.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatInstant, formatLocalDate, formatLocalTime } from '../../lib/local-time.ts';

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

/**
 * Changes the airline made to a supplier's order (issue 15): the flights as booked and as they are now, in the
 * airports' local times; "Accept the new schedule" while the airline lets us accept it, and, while the change is
 * open and the order cancellable, "Cancel the booking instead" (our cancellation quote, as the button below the
 * notice asks for). Both work without JavaScript. Once accepted and written into the itinerary, it says so.
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
  if (changes.length === 0) return null;
  return (
    <section
      aria-labelledby="order-airline-changes-heading"
      className="grid gap-3 rounded border border-amber-300 bg-amber-50 p-4"
      data-testid="order-airline-changes"
    >
      <h2 id="order-airline-changes-heading" className="text-lg font-semibold">
        {t('order.airlineChange.heading')}
      </h2>
      <p>{t('order.airlineChange.lead')}</p>
      {changes.map((change) => (
        <div key={change.id} className="grid gap-2 border-t border-amber-200 pt-2">
          <div className="grid gap-1 sm:grid-cols-2">
            <div>
              <h3 className="text-sm font-semibold">{t('order.airlineChange.before')}</h3>
              <ul className="text-sm text-neutral-700 line-through decoration-neutral-400">
                {change.removed.map((flight, i) => (
                  <FlightLine key={i} flight={flight} />
                ))}
              </ul>
            </div>
            <div>
              <h3 className="text-sm font-semibold">{t('order.airlineChange.now')}</h3>
              <ul className="text-sm font-medium">
                {change.added.map((flight, i) => (
                  <FlightLine key={i} flight={flight} />
                ))}
              </ul>
            </div>
          </div>
          {change.action_taken === 'accepted' ? (
            <p className="text-sm" role="status">
              {t('order.airlineChange.accepted', {
                date: formatInstant(locale, change.action_taken_at ?? change.detected_at),
              })}
            </p>
          ) : null}
          {change.applied_at ? <p className="text-sm">{t('order.airlineChange.applied')}</p> : null}
          {change.acceptable ? (
            <Form method="post" className="grid gap-2">
              <input type="hidden" name="intent" value="accept-change" />
              <input type="hidden" name="change_id" value={change.id} />
              <div>
                <Button type="submit" disabled={busy}>
                  {t('order.airlineChange.accept')}
                </Button>
              </div>
              <p className="text-sm text-neutral-700">{t('order.airlineChange.acceptHint')}</p>
            </Form>
          ) : null}
          {change.action_taken === null && cancellable ? (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" variant="outline" color="neutral" disabled={busy}>
                {t('order.airlineChange.cancel')}
              </Button>
            </Form>
          ) : null}
        </div>
      ))}
    </section>
  );
}
