import qs from 'qs';

/** Spec §9: depth 5, array limit 20, parameter limit 1000. */
export const QUERY_LIMITS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const;

/** Marks a query string the parser refused; the API answers 400 (a throwing parser would hang the request). */
export const QUERY_REFUSED = Symbol('query-refused');

export function parseApiQuery(raw: string): Record<string, unknown> {
  try {
    return qs.parse(raw, {
      ...QUERY_LIMITS,
      strictDepth: true,
      throwOnLimitExceeded: true,
      allowPrototypes: false,
      plainObjects: true,
    }) as Record<string, unknown>;
  } catch (error) {
    return { [QUERY_REFUSED]: (error as Error).message };
  }
}

export function queryRefusal(query: unknown): string | null {
  if (query && typeof query === 'object' && QUERY_REFUSED in query) {
    return String((query as Record<symbol, unknown>)[QUERY_REFUSED]);
  }
  return null;
}
