/**
 * The agency's pricing rules (docs/decisions/0025-price-rules-stacking-and-rounding.md), re-exported by schema.ts.
 * Owned by apps/api/src/modules/pricing/, whose store.ts alone reads and writes this table (docs/architecture.md).
 *
 * A rule is never updated in place: each edit is a new version row of the same `rule_id`, so the console shows every
 * version with its author and time, and the rules in force at an instant are, per rule, the latest version whose
 * `effective_from` has come (and that is not retired).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { adjustmentColumns, createdAt, oneOf, tsNullable } from './schema-columns.ts';

export const PRICE_RULE_KINDS = ['markup', 'service_fee', 'discount'] as const;
export const PRICE_RULE_PERS = ['passenger', 'order'] as const;

/** One version of a pricing rule; the scope is the core's `PriceRuleScope`, as JSON. */
export const priceRules = pgTable(
  'price_rules',
  {
    ruleId: uuid('rule_id').notNull(),
    version: integer('version').notNull(),
    kind: text('kind', { enum: PRICE_RULE_KINDS }).notNull(),
    priority: integer('priority').notNull(),
    scope: jsonb('scope').$type<Record<string, unknown>>().notNull().default({}),
    ...adjustmentColumns(PRICE_RULE_PERS),
    exclusive: boolean('exclusive').notNull().default(false),
    /** The version applies from this instant (the console may choose one in the future). */
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    /** Set on the version that retires the rule: from its `effective_from` on, the rule applies no more. */
    retiredAt: tsNullable('retired_at'),
    /** No foreign key: a version outlives the account that wrote it, as the audit log does. */
    authorUserId: uuid('author_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'price_rules_pkey', columns: [t.ruleId, t.version] }),
    index('price_rules_effective_idx').on(t.effectiveFrom),
    check('price_rules_kind', oneOf('kind', PRICE_RULE_KINDS)),
    check('price_rules_per', oneOf('per', PRICE_RULE_PERS)),
    check('price_rules_version_positive', sql`"version" >= 1`),
    check('price_rules_percent_range', sql`"percent_bp" BETWEEN 0 AND 10000`),
    check(
      'price_rules_fixed_pair',
      sql`("fixed_amount_minor" IS NULL) = ("fixed_currency" IS NULL) AND coalesce("fixed_amount_minor", 0) >= 0`,
    ),
    check(
      'price_rules_cap_pair',
      sql`("cap_amount_minor" IS NULL) = ("cap_currency" IS NULL) AND coalesce("cap_amount_minor", 0) >= 0`,
    ),
  ],
);

/**
 * What searches showed, sampled for the console's preview of a rule (docs/operations.md, "Pricing rules"): per
 * supplier search, the cheapest few offers as the core's `PricingInput` without the exchange rates (the preview uses
 * today's) and without the sale time (`sampled_at`). Written in batches by each API process
 * (apps/api/src/modules/pricing/samples.ts), so a search costs no write of its own; rows older than 30 days are
 * deleted by the same batches.
 */
export const priceSamples = pgTable(
  'price_samples',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('price_samples_sampled_at_idx').on(t.sampledAt)],
);
