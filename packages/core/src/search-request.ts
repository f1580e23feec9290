/** Checks a search request and turns each slice into a SliceInput (airports by index, a day number). */
import { checkPassengerCounts } from './passengers.ts';
import { HORIZON_DAYS } from './schedule.ts';
import { parseDay } from './schedule-time.ts';
import { MAX_CONNECTIONS, MAX_SLICES } from './search-config.ts';
import { localDay, type EngineContext, type SliceInput } from './search-context.ts';
import type { EngineSearchRequest, SearchError, SearchErrorCode } from './search-engine-types.ts';

type Checked = { ok: true; inputs: SliceInput[] } | { ok: false; error: SearchError };

const fail = (code: SearchErrorCode, field: string): { ok: false; error: SearchError } => ({
  ok: false,
  error: { code, field },
});

/** The first broken rule of the request, by field; else one input per slice. */
export function checkSearchRequest(ctx: EngineContext, request: EngineSearchRequest): Checked {
  const { passengers, cabin, now, maxConnections } = request;
  if (!Array.isArray(request.slices) || request.slices.length < 1 || request.slices.length > MAX_SLICES)
    return fail('invalid_request', 'slices');
  if (cabin !== 'economy' && cabin !== 'business') return fail('invalid_request', 'cabin_class');
  if (!Number.isInteger(maxConnections) || maxConnections < 0 || maxConnections > MAX_CONNECTIONS)
    return fail('invalid_request', 'max_connections');
  if (!Number.isFinite(now)) return fail('invalid_request', 'now');
  const paxError = checkPassengerCounts(passengers);
  if (paxError) return fail(paxError, 'passengers');

  const inputs: SliceInput[] = [];
  for (let i = 0; i < request.slices.length; i++) {
    const checked = checkSlice(ctx, request, i, inputs[i - 1]?.day);
    if (!checked.ok) return checked;
    inputs.push(checked.input);
  }
  return { ok: true, inputs };
}

/** Slice `i`: known, different places; a date within the horizon, not before the slice before it. */
function checkSlice(
  ctx: EngineContext,
  request: EngineSearchRequest,
  i: number,
  previousDay: number | undefined,
): { ok: true; input: SliceInput } | { ok: false; error: SearchError } {
  const slice = request.slices[i]!;
  const { network } = ctx;
  const origins = network.resolvePlace(slice.origin);
  const destinations = network.resolvePlace(slice.destination);
  if (origins.length === 0) return fail('unknown_origin', `slices.${i}.origin`);
  if (destinations.length === 0) return fail('unknown_destination', `slices.${i}.destination`);
  if (slice.origin === slice.destination || origins.some((o) => destinations.includes(o))) {
    return fail('same_origin_destination', `slices.${i}.destination`);
  }
  const day = parseDay(slice.date);
  if (day === null) return fail('invalid_date', `slices.${i}.departure_date`);
  const { now } = request;
  const today = Math.min(...origins.map((o) => localDay(ctx.schedule, o, now)));
  if (day < today || day >= today + HORIZON_DAYS)
    return fail('date_out_of_range', `slices.${i}.departure_date`);
  if (i > 0 && day < previousDay!) return fail('return_before_departure', `slices.${i}.departure_date`);
  const input: SliceInput = {
    origins,
    destinations,
    day,
    legs: request.maxConnections + 1,
    passengers: request.passengers,
    cabin: request.cabin,
    now,
    earliest: now + ctx.config.minLeadMs,
    soldSeats: request.soldSeats,
  };
  return { ok: true, input };
}
