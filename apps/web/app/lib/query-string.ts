import qs from 'qs';

/**
 * Query strings for calls to the API (spec §7, §9; docs/design.md §8 "Query strings").
 *
 * Serialising: indexed array notation with brackets left readable (`a[0]=x&a[1]=y`, "not URL-encoded"),
 * while values are still percent-encoded so "São Paulo & co" survives a round trip. Keys are not encoded:
 * they are our own identifiers, never user input.
 *
 * Parsing: depth 5, array limit 20, parameter limit 1000; a string beyond any limit is refused with a
 * `QueryLimitError` instead of being silently truncated.
 */

/** Spec §9. */
export const QUERY_LIMITS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const;

export type QueryParams = Record<string, unknown>;
export type ParsedQuery = qs.ParsedQs;

export type QueryLimit = 'depth' | 'arrayLimit' | 'parameterLimit';

/** The query string went beyond one of the limits in `QUERY_LIMITS`. */
export class QueryLimitError extends Error {
  override readonly name = 'QueryLimitError';
  readonly limit: QueryLimit;

  constructor(limit: QueryLimit, message: string, options?: ErrorOptions) {
    super(message, options);
    this.limit = limit;
  }
}

/** `{ a: ['x', 'y'], city: 'São Paulo' }` → `a[0]=x&a[1]=y&city=S%C3%A3o%20Paulo`. No leading `?`. */
export function stringifyQuery(params: QueryParams): string {
  return qs.stringify(params, { arrayFormat: 'indices', encodeValuesOnly: true });
}

/** Parses a query string (a leading `?` is ignored); throws `QueryLimitError` beyond the limits. */
export function parseQuery(query: string): ParsedQuery {
  try {
    return qs.parse(query, {
      ...QUERY_LIMITS,
      strictDepth: true,
      throwOnLimitExceeded: true,
      ignoreQueryPrefix: true,
      allowPrototypes: false,
    });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new QueryLimitError(limitOf(error.message), error.message, { cause: error });
    }
    throw error;
  }
}

function limitOf(message: string): QueryLimit {
  if (/depth/i.test(message)) return 'depth';
  if (/parameter/i.test(message)) return 'parameterLimit';
  return 'arrayLimit';
}
