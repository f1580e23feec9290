/**
 * The booking page's seats (docs/seats.md): the maps as the page carries them and the seats picked, as the form's
 * pickers send them ("<slice>-<segment>:<seat>:<price>", one picker per passenger and flight).
 */
import type { ApiSeat } from '@parvoz/contracts/seats';

export type SeatFeature = ApiSeat['features'][number];

export type PageSeat = {
  designator: string;
  features?: SeatFeature[];
  /** Its price per passenger of the offer (null: not for that passenger); absent when nobody may take it. */
  prices?: (string | null)[];
};

export type PageSeatMap = {
  slice_index: number;
  segment_index: number;
  rows: { number: number; sections: PageSeat[][] }[];
};

/** A flight's key in the page's picks. */
export const flightOf = (map: Pick<PageSeatMap, 'slice_index' | 'segment_index'>) =>
  `${map.slice_index}-${map.segment_index}`;

/** What a picker sends for a seat. */
export const seatPick = (flight: string, designator: string, amount: string) =>
  `${flight}:${designator}:${amount}`;

/** The picks per passenger: passenger index → flight → pick. */
export type SeatPicks = ReadonlyMap<number, ReadonlyMap<string, string>>;

/** The picks of a form as sent (a reply's `initialValue`), as the page keeps them. */
export function seatPicksOf(initialValue: Record<string, unknown> | null | undefined): SeatPicks {
  const passengers = initialValue?.passengers;
  const picks = new Map<number, Map<string, string>>();
  if (!Array.isArray(passengers)) return picks;
  passengers.forEach((passenger: unknown, index) => {
    const sent = (passenger as { seats?: unknown } | null)?.seats;
    const values = typeof sent === 'string' ? [sent] : Array.isArray(sent) ? sent : [];
    for (const value of values) {
      if (typeof value !== 'string') continue;
      const flight = /^(\d-\d):/.exec(value)?.[1];
      if (flight) picks.set(index, new Map(picks.get(index)).set(flight, value));
    }
  });
  return picks;
}

/** The price part of each pick, for the total. */
export function pickedAmounts(picks: SeatPicks): string[] {
  return [...picks.values()].flatMap((flights) =>
    [...flights.values()].flatMap((pick) => {
      const amount = pick.split(':')[2];
      return amount ? [amount] : [];
    }),
  );
}

/**
 * The picks the maps still offer, at the price picked: a seat taken since (the maps read again after a refused
 * booking) is no longer picked, so the page never shows or totals a seat the form would not send.
 */
export function offeredPicks(picks: SeatPicks, maps: readonly PageSeatMap[]): SeatPicks {
  const offered = new Set(
    maps.flatMap((map) =>
      map.rows.flatMap((row) =>
        row.sections
          .flat()
          .flatMap((seat) =>
            (seat.prices ?? []).flatMap((amount, passenger) =>
              amount === null ? [] : [`${passenger}|${seatPick(flightOf(map), seat.designator, amount)}`],
            ),
          ),
      ),
    ),
  );
  const kept = new Map<number, Map<string, string>>();
  for (const [passenger, flights] of picks)
    for (const [flight, pick] of flights)
      if (offered.has(`${passenger}|${pick}`))
        kept.set(passenger, new Map(kept.get(passenger)).set(flight, pick));
  return kept;
}
