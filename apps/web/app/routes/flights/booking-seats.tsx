import { lazy, memo, Suspense, useState } from 'react';
import type { BookingOffer } from './booking-offer.ts';
import { ErrorList } from '../../components/Field.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useMoney } from '../../lib/use-money.ts';
import { passengerFieldName } from './booking-form-fields.ts';
import {
  flightOf,
  seatPick,
  type PageSeat,
  type PageSeatMap,
  type SeatFeature,
  type SeatPicks,
} from './booking-seats-model.ts';

/** The grid needs JavaScript to work: fetched once the page runs, never hydrated (the pickers are the fields). */
const SeatGrid = lazy(() => import('./booking-seat-grid.tsx'));

const FEATURE_KEYS: Record<SeatFeature, MessageKey> = {
  window: 'booking.seats.feature.window',
  aisle: 'booking.seats.feature.aisle',
  extra_legroom: 'booking.seats.feature.extraLegroom',
  exit_row: 'booking.seats.feature.exitRow',
};

type SeatsProps = {
  offer: BookingOffer;
  maps: readonly PageSeatMap[];
  picks: SeatPicks;
  onPick: (passenger: number, flight: string, pick: string) => void;
  /** The error of a passenger's seats, by passenger index. */
  errorOf: (passenger: number) => string | undefined;
};

/**
 * "Seats" (docs/seats.md): per flight, a picker per seated passenger (a plain select: it works without JavaScript
 * and reads well aloud) and, once the page runs, the cabin as a grid of seats to pick from with the arrow keys or
 * a tap for the passenger chosen above it. The pickers are the form's fields; the grid only sets them.
 */
function SeatSelectionView({ offer, maps, picks, onPick, errorOf }: SeatsProps) {
  const t = useT();
  const seated = offer.passengers.flatMap((p, i) => (p.type === 'infant' ? [] : [i]));
  if (maps.length === 0 || seated.length === 0) return null;
  return (
    <section aria-labelledby="seats-heading" className="grid gap-4">
      <h2 id="seats-heading" className="text-xl font-semibold">
        {t('booking.seats.heading')}
      </h2>
      <p className="text-sm text-neutral-700">{t('booking.seats.intro')}</p>
      {maps.map((map) => (
        <FlightSeats
          key={flightOf(map)}
          offer={offer}
          map={map}
          seated={seated}
          picks={picks}
          onPick={onPick}
          errorOf={errorOf}
        />
      ))}
    </section>
  );
}

function flightLabel(offer: BookingOffer, map: PageSeatMap): string {
  const segment = offer.slices[map.slice_index]?.segments[map.segment_index];
  if (!segment) return '';
  return `${segment.origin} → ${segment.destination}, ${segment.marketing_carrier.iata_code} ${segment.flight_number}`;
}

function FlightSeats({
  offer,
  map,
  seated,
  picks,
  onPick,
  errorOf,
}: Omit<SeatsProps, 'maps'> & { map: PageSeatMap; seated: number[] }) {
  const t = useT();
  const money = useMoney();
  const hydrated = useHydrated();
  const flight = flightOf(map);
  const label = flightLabel(offer, map);
  const [active, setActive] = useState(seated[0]!);
  const seats = map.rows.flatMap((row) => row.sections.flat());
  const priceText = (amount: string) =>
    Number(amount) === 0 ? t('booking.seats.free') : money(amount, offer.total_currency);
  const describe = (seat: PageSeat) =>
    [seat.designator, ...(seat.features ?? []).map((f) => t(FEATURE_KEYS[f]))].join(', ');
  return (
    <fieldset className="grid gap-3 rounded border border-neutral-200 p-3 sm:p-4">
      <legend className="px-1 font-semibold">{label}</legend>
      {seated.map((passenger) => {
        const id = `seat-${flight}-${passenger}`;
        const error = errorOf(passenger);
        return (
          <div key={passenger} className="grid gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              {t('booking.seats.passenger', { number: passenger + 1 })}
            </label>
            <select
              id={id}
              name={passengerFieldName(passenger, 'seats')}
              className={inputClasses(Boolean(error))}
              value={picks.get(passenger)?.get(flight) ?? ''}
              onChange={(event) => onPick(passenger, flight, event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              data-testid={`seat-select-${flight}-${passenger}`}
            >
              <option value="">{t('booking.seats.none')}</option>
              {seats.flatMap((seat) => {
                const amount = seat.prices?.[passenger];
                if (amount === null || amount === undefined) return [];
                const value = seatPick(flight, seat.designator, amount);
                return [
                  <option key={seat.designator} value={value}>
                    {`${describe(seat)}: ${priceText(amount)}`}
                  </option>,
                ];
              })}
            </select>
            <ErrorList id={`${id}-error`} errors={error ? [error] : null} />
          </div>
        );
      })}
      {hydrated ? (
        <Suspense fallback={null}>
          <SeatGrid
            map={map}
            label={t('booking.seats.map', { flight: label })}
            seated={seated}
            active={active}
            onActive={setActive}
            picks={picks}
            describe={describe}
            priceText={priceText}
            onPick={(passenger, seat) =>
              onPick(passenger, flight, seat ? seatPick(flight, seat.designator, seat.amount) : '')
            }
          />
        </Suspense>
      ) : null}
    </fieldset>
  );
}

/**
 * The seats section, rendered again only when what it shows changes: its pickers hold a seat map's every seat as
 * an option, which every keystroke's update of the booking form rendered again (bench/RESULTS.md). `errorOf` is
 * a new function on each render of the form: compared by the errors it gives.
 */
export const SeatSelection = memo(
  SeatSelectionView,
  (before, after) =>
    before.offer === after.offer &&
    before.maps === after.maps &&
    before.picks === after.picks &&
    before.onPick === after.onPick &&
    before.offer.passengers.every((_, index) => before.errorOf(index) === after.errorOf(index)),
);
