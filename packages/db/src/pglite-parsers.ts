/**
 * Drizzle's PGlite session passes the same nine parsers with every query: dates, times, intervals and their
 * arrays (and numeric arrays) kept as the text PostgreSQL sends. PGlite merges per-query parsers into its own
 * ~320 on every call, which took ~130 µs of a ~300 µs query (an upsert of the rate limits). The client is
 * given these parsers once, and each query's copy is left out when it has no others.
 */
import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/** The types drizzle-orm's PGlite session (0.45) reads as text. */
const TEXT_TYPES = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asText = (value: string): string => value;

/** `options` without its parsers when they are only the text parsers the client already has. */
function withoutKnownParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const type of Object.keys(parsers)) if (!TEXT_TYPES.has(Number(type))) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

type Query = PGlite['query'];

function leavingParsersOut(target: { query: Query }): Query {
  return ((text: string, params?: unknown[], options?: QueryOptions) =>
    target.query(text, params, withoutKnownParsers(options))) as Query;
}

/** A transaction whose queries leave the known parsers out (it starts after the client has its parsers). */
function transactionLeavingParsersOut(tx: Transaction): Transaction {
  const query = leavingParsersOut(tx);
  return new Proxy(tx, { get: (target, name) => (name === 'query' ? query : Reflect.get(target, name)) });
}

/**
 * The client for drizzle: the same PGlite instance, with the text parsers set on it once it has started (its
 * start fills the array types' parsers, which would replace them; nothing here calls `refreshArrayTypes`),
 * whose queries, also in transactions, leave drizzle's per-query copy of them out.
 */
export function withTextParsers(client: PGlite): PGlite {
  const ready = client.waitReady.then(() => {
    for (const type of TEXT_TYPES) client.parsers[type] = asText;
  });
  const leaving = leavingParsersOut(client);
  const query: Query = async (...args) => {
    await ready;
    return leaving(...args);
  };
  const transaction: PGlite['transaction'] = async (run) => {
    await ready;
    return client.transaction((tx) => run(transactionLeavingParsersOut(tx)));
  };
  return new Proxy(client, {
    get(target, name) {
      if (name === 'query') return query;
      if (name === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, name, target);
      // PGlite's methods check their receiver (private fields): they run on the instance itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
