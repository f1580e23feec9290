// Last-minute tours: date rules without I/O.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A YYYY-MM-DD date plus `days` (calendar arithmetic in UTC, no time zones involved). */
export function addDays(isoDate: string, days: number): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${isoDate}`);
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * DAY_MS;
  return new Date(time).toISOString().slice(0, 10);
}

/** The UTC calendar date of a moment, YYYY-MM-DD. */
export function utcDate(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The day of the flight back: the departure date plus the nights of the stay. */
export function tourReturnDate(departsOn: string, nights: number): string {
  return addDays(departsOn, nights);
}

/** Sales of a last-minute tour stop this many days before departure (the operator needs time to issue it). */
export const TOUR_SALES_CLOSE_DAYS = 2;

/** The moment sales stop for a tour leaving on `departsOn` (00:00 UTC, `TOUR_SALES_CLOSE_DAYS` before). */
export function tourSalesEnd(departsOn: string): Date {
  return new Date(`${addDays(departsOn, -TOUR_SALES_CLOSE_DAYS)}T00:00:00Z`);
}

/** Whether a party fits the seats left (a request larger than what is left is refused). */
export function partyFits(seatsLeft: number, adults: number, children: number): boolean {
  return adults + children <= seatsLeft;
}
