/**
 * What the legs of an offer or an order are called (docs/design.md, "Multi-city"): a round trip's way out and
 * way back; "Flight n" for any other trip of several legs (a multi-city trip, an open jaw).
 */
type Leg = { origin: string; destination: string };

/** Two legs, the second back from where the first went to where it left. */
export const isRoundTrip = (legs: readonly Leg[]): boolean =>
  legs.length === 2 && legs[1]!.origin === legs[0]!.destination && legs[1]!.destination === legs[0]!.origin;

type LegWords = (
  key: 'search.details.outbound' | 'search.details.return' | 'search.multiCity.leg',
  values?: { number: number },
) => string;

/** The name of leg `index` of `legs`: "Outbound", "Return", or "Flight n". */
export function legLabel(t: LegWords, index: number, legs: readonly Leg[]): string {
  if (legs.length > 1 && !isRoundTrip(legs)) return t('search.multiCity.leg', { number: index + 1 });
  return index === 0 ? t('search.details.outbound') : t('search.details.return');
}
