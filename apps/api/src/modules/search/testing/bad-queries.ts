/** The GET routes' refusal of a malformed query, checked alike in their suites (calendar, popular). */
import { expect, test } from 'vitest';

/** One test per row: the query `call` sends is refused with a 400 whose body names the field. */
export function badQueriesNameTheirField(
  call: (query: string) => Promise<{ statusCode: number; json(): unknown }>,
  cases: [query: string, field: string][],
) {
  test.each(cases)('bad input %s → 400 naming %s', async (query, field) => {
    const r = await call(query);
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toContain(field);
  });
}
