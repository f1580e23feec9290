/**
 * The error half of an endpoint's contract: each refusal it may answer (docs/architecture.md, "Refusals") as a
 * discriminated union on `code`, a `details` schema per code, and a `reason` literal where one code stands for
 * several refusals. An endpoint lists its own (`refusals` in ./endpoint.ts); what every endpoint may answer
 * (a malformed or invalid request, a rate limit, a fault) and what its access adds (sign-in, the console's
 * gate) are added here, once. The API checks each refusal it sends against this outside production
 * (apps/api/src/errors.ts), and the web reads refusals through it (`ApiRefusal` in apps/web).
 */
import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/** The details of a refusal: a schema per possible shape (several when it may take more than one). */
export type RefusalMap = { readonly [C in ErrorCode]?: readonly z.ZodType[] };

/** A refusal with no details. */
export const noDetails = z.undefined();

/** Details `{ reason }` and any further fields (`reason('not_enough_seats', { seats_left: z.number() })`). */
export function reason<const R extends string, const S extends z.ZodRawShape = Record<never, never>>(
  name: R,
  shape?: S,
) {
  return z.object({ reason: z.literal(name), ...(shape ?? ({} as S)) });
}

/** One field's problem in a `validation_failed` (400) or a 422 refusal with per-field details. */
export const fieldIssueSchema = z.object({
  in: z.string().optional(),
  /** A JSON pointer into the part named by `in` ("" for the part as a whole). */
  path: z.string(),
  /** A message key of the form (e.g. `booking.error.phone`) or English words. */
  message: z.string(),
  /** The search engine's reason (`unknown_origin`), where a search field was refused. */
  reason: z.string().optional(),
  /** The message's ICU values (a rule's date, a count). */
  values: z.record(z.string(), z.unknown()).optional(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** What any endpoint may answer: set by the app's hooks and error handler (apps/api/src/errors.ts). */
export const anyEndpointRefusals = {
  malformed_request: [z.object({ reason: z.string().optional() }).optional()],
  validation_failed: [z.array(fieldIssueSchema)],
  payload_too_large: [noDetails],
  rate_limited: [z.object({ retry_after_seconds: z.number() }).optional()],
  internal_error: [noDetails],
  // The database briefly out of reach.
  unavailable: [noDetails],
} as const satisfies RefusalMap;

/** A signed-in traveller's endpoints: no session, no answer. */
export const userEndpointRefusals = { unauthorized: [noDetails] } as const satisfies RefusalMap;

/**
 * The console's gate (apps/api/src/routes/v1/ops/index.ts): anyone but staff gets the 404 of an unknown
 * endpoint; staff who have not passed the second factor get its typed 403 with their status.
 */
export const staffEndpointRefusals = {
  not_found: [noDetails],
  second_factor_required: [z.object({ status: z.string() })],
} as const satisfies RefusalMap;

/** A thing that does not exist, or that the caller may not know of. */
export const notFoundRefusals = { not_found: [noDetails] } as const satisfies RefusalMap;

/** A create that honours `Idempotency-Key` (apps/api/src/idempotent.ts): the same key in flight, or reused. */
export const idempotentRefusals = {
  idempotency_in_progress: [noDetails],
  unprocessable: [reason('idempotency_key_reused')],
} as const satisfies RefusalMap;

/** A call that reaches the airline (a supplier's order): it may not answer in time. */
export const supplierRefusals = {
  unavailable: [reason('supplier_unavailable')],
} as const satisfies RefusalMap;

type Codes<M> = keyof M & ErrorCode;
type At<M, C> = C extends keyof M ? (M[C] extends readonly unknown[] ? M[C] : []) : [];
/** Two lists of refusals as one: the shapes of a code both list are both allowed. */
export type MergedRefusals<A, B> = { [C in Codes<A> | Codes<B>]: [...At<A, C>, ...At<B, C>] };

/** Joins lists of refusals (`refusals(idempotentRefusals, { not_found: [noDetails] })`). */
export function refusals<const A extends RefusalMap, const B extends RefusalMap = Record<never, never>>(
  first: A,
  second?: B,
): MergedRefusals<A, B> {
  const merged: Record<string, z.ZodType[]> = {};
  for (const map of [first, second ?? {}] as RefusalMap[])
    for (const [code, shapes] of Object.entries(map)) (merged[code] ??= []).push(...(shapes ?? []));
  return merged as never;
}

type DetailsOf<L> = L extends readonly (infer S extends z.ZodType)[] ? z.output<S> : never;
type Refusal<C extends string, D> = undefined extends D
  ? { code: C; message: string; details?: Exclude<D, undefined> }
  : { code: C; message: string; details: D };
/** One refusal of a list, by code, with its details typed: narrow it on `code`, then on `details.reason`. */
export type RefusalOf<M> = { [C in Codes<M>]: Refusal<C, DetailsOf<M[C]>> }[Codes<M>];

/** The refusal envelope schema of a list: `{ error: <one of the refusals> }`. */
export function refusalEnvelopeSchema(map: RefusalMap) {
  const options = Object.entries(map).map(([code, shapes]) => {
    const list = [...(shapes ?? [])];
    const details = list.length === 1 ? list[0]! : z.union(list as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    // Absent exactly when one of its shapes is "no details" (or optional).
    const mayBeAbsent = list.some((shape) => shape.safeParse(undefined).success);
    return z.object({
      code: z.literal(code),
      message: z.string(),
      details: mayBeAbsent ? details.optional() : details,
    });
  });
  return z.object({
    error: z.discriminatedUnion('code', options as [(typeof options)[number], ...(typeof options)[number][]]),
  });
}

/** `code` or `code (reason, reason)` for each refusal of a list: the reference page's words. */
export function refusalSummary(map: RefusalMap): string[] {
  return Object.entries(map).map(([code, shapes]) => {
    const reasons = (shapes ?? []).flatMap((shape) => {
      const literal = (shape as { shape?: { reason?: { value?: unknown } } }).shape?.reason?.value;
      return typeof literal === 'string' ? [literal] : [];
    });
    return reasons.length > 0 ? `${code} (${reasons.join(', ')})` : code;
  });
}
