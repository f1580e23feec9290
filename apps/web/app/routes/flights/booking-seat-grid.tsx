import { useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { flightOf, type PageSeat, type PageSeatMap, type SeatPicks } from './booking-seats-model.ts';

export type GridProps = {
  map: PageSeatMap;
  label: string;
  seated: number[];
  active: number;
  onActive: (passenger: number) => void;
  picks: SeatPicks;
  describe: (seat: PageSeat) => string;
  priceText: (amount: string) => string;
  /** A seat for the passenger, or null to give theirs up. */
  onPick: (passenger: number, seat: { designator: string; amount: string } | null) => void;
};

/**
 * The cabin as an ARIA grid: one tab stop (the seat last focused), the arrow keys move between seats and rows,
 * Home and End to a row's ends, Enter or Space picks the seat for the passenger chosen above the grid.
 */
export default function SeatGrid({
  map,
  label,
  seated,
  active,
  onActive,
  picks,
  describe,
  priceText,
  onPick,
}: GridProps) {
  const t = useT();
  const flight = flightOf(map);
  const [focus, setFocus] = useState({ row: 0, column: 0 });
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const owner = new Map<string, number>();
  for (const passenger of seated) {
    const designator = picks.get(passenger)?.get(flight)?.split(':')[1];
    if (designator) owner.set(designator, passenger);
  }
  // Rows may differ in length (an airline's map leaves out empty places): each move ends on a seat of its row.
  const widthOf = (row: number) => map.rows[row]?.sections.flat().length ?? 0;
  const move = (row: number, column: number) => {
    const r = Math.max(0, Math.min(map.rows.length - 1, row));
    const c = Math.max(0, Math.min(widthOf(r) - 1, column));
    setFocus({ row: r, column: c });
    buttons.current.get(`${r}:${c}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, row: number, column: number) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => move(row, column - 1),
      ArrowRight: () => move(row, column + 1),
      ArrowUp: () => move(row - 1, column),
      ArrowDown: () => move(row + 1, column),
      Home: () => move(row, 0),
      End: () => move(row, widthOf(row) - 1),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  const letters = map.rows[0]?.sections ?? [];
  return (
    <div className="grid gap-2">
      {seated.length > 1 ? (
        <div role="radiogroup" aria-label={t('booking.seats.choosingFor')} className="flex flex-wrap gap-2">
          <span className="text-sm font-medium" aria-hidden="true">
            {t('booking.seats.choosingFor')}
          </span>
          {seated.map((passenger) => (
            <label key={passenger} className="flex items-center gap-1 text-sm">
              <input
                type="radio"
                name={`seat-for-${flight}`}
                checked={active === passenger}
                onChange={() => onActive(passenger)}
                form="seat-grid-none"
                className="size-4"
              />
              {t('booking.seats.passengerShort', { number: passenger + 1 })}
            </label>
          ))}
        </div>
      ) : null}
      <div role="grid" aria-label={label} className="grid w-fit gap-0.5 py-1">
        <div role="row" className="flex gap-0.5">
          <span role="columnheader" className="w-5 text-center text-xs text-neutral-500">
            <span className="sr-only">{t('booking.seats.row')}</span>
          </span>
          {letters.map((section, s) => (
            <span key={s} role="presentation" className="flex gap-0.5 [&:not(:first-child)]:ml-2">
              {section.map((seat) => (
                <span
                  key={seat.designator}
                  role="columnheader"
                  className="w-6 text-center text-xs text-neutral-500"
                >
                  {seat.designator.replace(/^\d+/, '')}
                </span>
              ))}
            </span>
          ))}
        </div>
        {map.rows.map((row, r) => {
          let column = -1;
          return (
            <div role="row" key={row.number} className="flex gap-0.5">
              <span role="rowheader" className="w-5 text-center text-xs leading-6 text-neutral-500">
                {row.number}
              </span>
              {row.sections.map((section, s) => (
                <span key={s} role="presentation" className="flex gap-0.5 [&:not(:first-child)]:ml-2">
                  {section.map((seat) => {
                    const c = ++column;
                    const amount = seat.prices?.[active];
                    const available = amount !== null && amount !== undefined;
                    const mine = owner.get(seat.designator);
                    const pickable = mine === active || (available && mine === undefined);
                    const state =
                      mine === active
                        ? // The number shown on the seat is in its name too.
                          `${t('booking.seats.passengerShort', { number: mine + 1 })}, ${t('booking.seats.yours')}`
                        : mine !== undefined
                          ? t('booking.seats.passengerShort', { number: mine + 1 })
                          : available
                            ? priceText(amount)
                            : seat.prices
                              ? t('booking.seats.notForPassenger')
                              : t('booking.seats.taken');
                    const legroom = seat.features?.includes('extra_legroom');
                    return (
                      <span role="gridcell" key={seat.designator}>
                        <button
                          type="button"
                          ref={(element) => {
                            if (element) buttons.current.set(`${r}:${c}`, element);
                            else buttons.current.delete(`${r}:${c}`);
                          }}
                          tabIndex={focus.row === r && Math.min(focus.column, widthOf(r) - 1) === c ? 0 : -1}
                          aria-label={`${describe(seat)}: ${state}`}
                          aria-pressed={mine === active}
                          aria-disabled={pickable ? undefined : true}
                          data-seat={seat.designator}
                          onFocus={() => setFocus({ row: r, column: c })}
                          onKeyDown={(event) => onKeyDown(event, r, c)}
                          onClick={() => {
                            if (mine === active) onPick(active, null);
                            else if (available && mine === undefined)
                              onPick(active, { designator: seat.designator, amount });
                          }}
                          className={`size-6 rounded-t-md border text-[10px] font-semibold focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-700 ${
                            mine === active
                              ? 'border-primary-800 bg-primary-700 text-white'
                              : mine !== undefined
                                ? 'border-primary-400 bg-primary-100 text-primary-900'
                                : available
                                  ? legroom
                                    ? 'border-sky-600 bg-sky-50 text-sky-900'
                                    : 'border-neutral-500 bg-white text-neutral-800'
                                  : 'border-neutral-300 bg-neutral-200 text-neutral-500'
                          }`}
                        >
                          <span aria-hidden="true">
                            {mine !== undefined ? mine + 1 : available ? '' : '×'}
                          </span>
                        </button>
                      </span>
                    );
                  })}
                </span>
              ))}
            </div>
          );
        })}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-700" aria-hidden="true">
        <li className="flex items-center gap-1">
          <span className="size-3 rounded-sm border border-neutral-500 bg-white" />
          {t('booking.seats.legendFree')}
        </li>
        <li className="flex items-center gap-1">
          <span className="size-3 rounded-sm border border-sky-600 bg-sky-50" />
          {t('booking.seats.feature.extraLegroom')}
        </li>
        <li className="flex items-center gap-1">
          <span className="size-3 rounded-sm border border-neutral-300 bg-neutral-200" />
          {t('booking.seats.taken')}
        </li>
        <li className="flex items-center gap-1">
          <span className="size-3 rounded-sm border border-primary-800 bg-primary-700" />
          {t('booking.seats.yours')}
        </li>
      </ul>
    </div>
  );
}
