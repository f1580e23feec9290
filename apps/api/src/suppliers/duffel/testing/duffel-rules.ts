/**
 * Rules and formats of Duffel's API the stand-in (./duffel-server.ts) plays, each as Duffel documents it (a
 * stand-in no more lenient than Duffel; the pages are named at each rule).
 */
import { timeZone } from '@parvoz/core/schedule-time';
import type { Loose } from '../../../payments/testing/http.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Wall-clock time "YYYY-MM-DDTHH:MM:SS" of a UTC instant in an IANA zone (Duffel's segment times). */
export function wallClock(utcMs: number, zone: string): string {
  const local = new Date(utcMs + timeZone(zone).offsetAt(utcMs) * 60_000);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:00`
  );
}

/** An ISO 8601 duration (`PT5H20M`), as Duffel writes segment durations. */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}

/**
 * The wait Duffel applies to a search's airlines: `supplier_timeout` when within [2 s, 60 s], else its default
 * 20 s (the official client's OfferRequestsTypes, @duffel/api 4.30: "Any values outside the range will be ignored
 * and the default supplier_timeout will be used").
 */
export function supplierTimeoutOf(query: URLSearchParams): number {
  const given = query.get('supplier_timeout');
  const ms = given === null || !/^\d+$/.test(given) ? NaN : Number(given);
  return ms >= 2_000 && ms <= 60_000 ? ms : 20_000;
}

/**
 * What an offer request answers when its airlines take `delayMs` (by the offers' owner): "the response will only
 * include offers from airline searches that completed within the given time" (ibid.). `late`: the offers of
 * airlines that did not answer in time; `afterMs`: when the answer is sent (the slowest airline, at most the wait).
 */
export function answerInTime(
  offers: readonly Loose[],
  delayMs: Readonly<Record<string, number>>,
  query: URLSearchParams,
): { late: Loose[]; afterMs: number } {
  const wait = supplierTimeoutOf(query);
  const delayOf = (offer: Loose) => delayMs[String(offer.owner?.iata_code)] ?? 0;
  const asked = offers.map(delayOf);
  return {
    late: offers.filter((offer) => delayOf(offer) > wait),
    afterMs: asked.length === 0 ? 0 : Math.min(wait, Math.max(...asked)),
  };
}

/**
 * Why Duffel refuses the create-order passengers' identity documents for `offer`, or null: at most one per
 * passenger, of a type in the offer's `supported_passenger_identity_document_types`, and one for every passenger
 * when its `passenger_identity_documents_required` is true (the official client's CreateOrderPassenger and
 * OfferTypes; duffel.com/docs/api/offers/get-offers: "If this is [], then you must not provide identity
 * documents"). Duffel documents no error code for these: the stand-in's usual validation errors.
 */
export function identityDocumentRefusal(
  offer: Loose,
  passengers: readonly Loose[],
): { code: string; title: string; message: string } | null {
  for (const p of passengers) {
    const docs: unknown = p.identity_documents ?? [];
    if (!Array.isArray(docs) || docs.length > 1)
      return {
        code: 'invalid_data',
        title: 'Invalid data',
        message: 'You may only provide one identity document per passenger.',
      };
    const type = (docs[0] as Loose | undefined)?.type;
    if (docs.length === 1 && !(offer.supported_passenger_identity_document_types as string[]).includes(type))
      return {
        code: 'invalid_data',
        title: 'Invalid data',
        message: `The identity document type ${String(type)} is not supported for the selected offer.`,
      };
    if (docs.length === 0 && offer.passenger_identity_documents_required)
      return {
        code: 'validation_required',
        title: 'Required field',
        message: 'An identity document is required for every passenger of the selected offer.',
      };
  }
  return null;
}
