/**
 * The agency's pricing rules as stored (docs/decisions/0025-price-rules-stacking-and-rounding.md): which rules are
 * in force at an instant, kept briefly in memory (search is hot, rules change rarely), and the console's writes.
 *
 * A version applies from its `effective_from`; per rule, the latest version whose time has come is the one in
 * force, and none when that version retires the rule. A price is always asked of the rules in force when the offer
 * was searched (the offer's signed search time): the same search time gives the same rules on every instance and
 * at booking, so a later change never changes an offer already shown.
 *
 * Each instance keeps every version for at most `PRICE_RULES_CACHE_MS` (a write on the instance forgets it at
 * once). A version never applies sooner than that after it is written (`EFFECTIVE_LEAD_MS`): by the time it does,
 * every instance's copy holds it, so no instance prices a search without a rule that another would book it with.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@parvoz/db';
import type { CurrencyCode } from '@parvoz/core/money';
import { ruleProblems, type PriceRule, type PriceRuleScope } from '@parvoz/core/price-rules';
import type { OpsPriceRule, OpsPriceRuleInput, OpsPriceRuleVersion } from '@parvoz/contracts/ops-pricing';
import { ApiFailure } from '../../errors.ts';
import { consoleScopeOf, coreScopeOf, invalidInput, majorMoney, minorAmountOf } from './console-shapes.ts';
import {
  allRuleVersions,
  insertRuleVersion,
  lockLatestVersion,
  type NewPriceRuleRow,
  type PriceRuleRow,
} from './store.ts';

/** How long an instance prices with the versions it read (a write on the instance forgets them at once). */
export const PRICE_RULES_CACHE_MS = 30_000;
/** The soonest a written version applies: every instance has read it by then. */
export const EFFECTIVE_LEAD_MS = PRICE_RULES_CACHE_MS;

/** The versions in force at `at` (ms): per rule the latest version whose time has come, unless it retires it. */
export function versionsInForce(rows: readonly PriceRuleRow[], at: number): PriceRuleRow[] {
  const latest = new Map<string, PriceRuleRow>();
  for (const row of rows) {
    if (row.effectiveFrom.getTime() > at) continue;
    const seen = latest.get(row.ruleId);
    if (!seen || row.version > seen.version) latest.set(row.ruleId, row);
  }
  return [...latest.values()].filter((row) => row.retiredAt === null);
}

/** A stored version as the core's rule. */
export function ruleOf(row: PriceRuleRow): PriceRule {
  return {
    id: row.ruleId,
    kind: row.kind,
    priority: row.priority,
    scope: row.scope as PriceRuleScope,
    percentBp: row.percentBp,
    ...(row.fixedAmountMinor !== null && row.fixedCurrency
      ? { fixed: { amount: row.fixedAmountMinor, currency: row.fixedCurrency as CurrencyCode } }
      : {}),
    per: row.per,
    ...(row.capAmountMinor !== null && row.capCurrency
      ? { cap: { amount: row.capAmountMinor, currency: row.capCurrency as CurrencyCode } }
      : {}),
    ...(row.exclusive ? { exclusive: true } : {}),
  };
}

/** The rules of one database, read at most every PRICE_RULES_CACHE_MS by this instance. */
export interface RuleBook {
  /** The rules in force at `at` (ms), as the core prices with them. */
  rulesAt(at: number, now: number): Promise<readonly PriceRule[]>;
  /** Forgets what was read (after a write). */
  forget(): void;
}

const books = new WeakMap<Database, RuleBook>();

/** This instance's rule book of the database (the search and the console's writes share it). */
export function ruleBookOf(db: Database): RuleBook {
  let book = books.get(db);
  if (!book) books.set(db, (book = createRuleBook(db)));
  return book;
}

function createRuleBook(db: Database): RuleBook {
  let read: { at: number; rows: Promise<PriceRuleRow[]> } | undefined;
  const byInstant = new Map<number, readonly PriceRule[]>();
  return {
    async rulesAt(at, now) {
      // A clock that moved backwards (tests, NTP) also ends the copy.
      if (!read || now - read.at >= PRICE_RULES_CACHE_MS || now < read.at) {
        const rows = allRuleVersions(db);
        read = { at: now, rows };
        byInstant.clear();
        // A failed read is not kept: the next search reads again.
        rows.catch(() => {
          if (read?.rows === rows) read = undefined;
        });
      }
      const rows = await read.rows;
      if (rows.length === 0) return [];
      let rules = byInstant.get(at);
      if (!rules) {
        rules = versionsInForce(rows, at).map(ruleOf);
        if (byInstant.size > 1_000) byInstant.clear();
        byInstant.set(at, rules);
      }
      return rules;
    },
    forget() {
      read = undefined;
      byInstant.clear();
    },
  };
}

// ---- The console ------------------------------------------------------------------------------------------

/** Who wrote a version, and how the write is recorded in the audit log (modules/ops, handed in by the routes). */
export interface RuleWriter {
  actor: { userId: string; email: string };
  audit(
    tx: Database,
    entry: { action: string; targetId: string; details: Record<string, unknown>; at: Date },
  ): Promise<void>;
}

function presentVersion(row: PriceRuleRow): OpsPriceRuleVersion {
  return {
    version: row.version,
    kind: row.kind,
    priority: row.priority,
    scope: consoleScopeOf(row.scope as PriceRuleScope),
    percent_bp: row.percentBp,
    fixed: majorMoney(row.fixedAmountMinor, row.fixedCurrency),
    per: row.per,
    cap: majorMoney(row.capAmountMinor, row.capCurrency),
    exclusive: row.exclusive,
    effective_from: row.effectiveFrom.toISOString(),
    retired: row.retiredAt !== null,
    author_user_id: row.authorUserId,
    created_at: row.createdAt.toISOString(),
  };
}

/** Every rule with the version in force at `now` and all its versions, newest first; rules newest first. */
export function presentRules(rows: readonly PriceRuleRow[], now: Date): OpsPriceRule[] {
  const byRule = new Map<string, PriceRuleRow[]>();
  for (const row of rows) byRule.set(row.ruleId, [...(byRule.get(row.ruleId) ?? []), row]);
  const inForce = new Map(versionsInForce(rows, now.getTime()).map((row) => [row.ruleId, row]));
  return [...byRule]
    .map(([id, versions]) => {
      const current = inForce.get(id);
      return {
        id,
        in_force: current ? presentVersion(current) : null,
        versions: versions.sort((a, b) => b.version - a.version).map(presentVersion),
      };
    })
    .reverse();
}

export async function listRules(db: Database, now: Date): Promise<OpsPriceRule[]> {
  return presentRules(await allRuleVersions(db), now);
}

/** From when a version applies: the time asked, never sooner than every instance has it. */
function effectiveFrom(asked: string | undefined, now: Date): Date {
  const soonest = now.getTime() + EFFECTIVE_LEAD_MS;
  return new Date(Math.max(asked ? Date.parse(asked) : soonest, soonest));
}

/** The console's input as the core's rule, checked by the core; throws the 400 of a bad rule. */
export function ruleOfInput(ruleId: string, input: OpsPriceRuleInput): PriceRule {
  const fixed = input.fixed ? minorAmountOf(input.fixed, '/fixed/amount') : undefined;
  const cap = input.cap ? minorAmountOf(input.cap, '/cap/amount') : undefined;
  const rule: PriceRule = {
    id: ruleId,
    kind: input.kind,
    priority: input.priority,
    scope: coreScopeOf(input.scope),
    percentBp: input.percent_bp,
    ...(fixed ? { fixed } : {}),
    per: input.per,
    ...(cap ? { cap } : {}),
    exclusive: input.exclusive,
  };
  const problems = ruleProblems(rule);
  if (problems.length > 0) throw invalidInput(problems.join('; '));
  return rule;
}

/** The row of a version from the console's input; throws the 400 of a bad rule. */
function versionRow(
  ruleId: string,
  version: number,
  input: OpsPriceRuleInput,
  writer: RuleWriter,
  now: Date,
): NewPriceRuleRow {
  const rule = ruleOfInput(ruleId, input);
  return {
    ruleId,
    version,
    kind: rule.kind,
    priority: rule.priority,
    scope: rule.scope as Record<string, unknown>,
    percentBp: input.percent_bp,
    fixedAmountMinor: rule.fixed?.amount ?? null,
    fixedCurrency: rule.fixed?.currency ?? null,
    per: rule.per,
    capAmountMinor: rule.cap?.amount ?? null,
    capCurrency: rule.cap?.currency ?? null,
    exclusive: input.exclusive,
    effectiveFrom: effectiveFrom(input.effective_from, now),
    retiredAt: null,
    authorUserId: writer.actor.userId,
    createdAt: now,
  };
}

/** Writes a version and its audit entry in the caller's transaction; the rule as the console shows it after. */
async function write(
  tx: Database,
  row: NewPriceRuleRow,
  action: 'price_rule.created' | 'price_rule.updated' | 'price_rule.retired',
  writer: RuleWriter,
  now: Date,
): Promise<OpsPriceRule> {
  const written = await insertRuleVersion(tx, row);
  await writer.audit(tx, {
    action,
    targetId: written.ruleId,
    details: {
      version: written.version,
      kind: written.kind,
      effective_from: written.effectiveFrom.toISOString(),
    },
    at: now,
  });
  const rules = presentRules(
    (await allRuleVersions(tx)).filter((r) => r.ruleId === written.ruleId),
    now,
  );
  return rules[0]!;
}

export function createRule(tx: Database, input: OpsPriceRuleInput, writer: RuleWriter, now: Date) {
  return write(tx, versionRow(randomUUID(), 1, input, writer, now), 'price_rule.created', writer, now);
}

async function latestOrFail(tx: Database, ruleId: string): Promise<PriceRuleRow> {
  const latest = await lockLatestVersion(tx, ruleId);
  if (!latest) throw new ApiFailure('not_found', 'No such pricing rule.');
  return latest;
}

/** The rule's next version (a retired rule applies again from it). */
export async function updateRule(
  tx: Database,
  ruleId: string,
  input: OpsPriceRuleInput,
  writer: RuleWriter,
  now: Date,
) {
  const latest = await latestOrFail(tx, ruleId);
  const row = versionRow(ruleId, latest.version + 1, input, writer, now);
  return write(tx, row, 'price_rule.updated', writer, now);
}

/** A version that ends the rule from its effective time; the earlier versions are kept. */
export async function retireRule(
  tx: Database,
  ruleId: string,
  asked: string | undefined,
  writer: RuleWriter,
  now: Date,
) {
  const latest = await latestOrFail(tx, ruleId);
  const from = effectiveFrom(asked, now);
  const row: NewPriceRuleRow = {
    ...latest,
    version: latest.version + 1,
    effectiveFrom: from,
    retiredAt: from,
    authorUserId: writer.actor.userId,
    createdAt: now,
  };
  return write(tx, row, 'price_rule.retired', writer, now);
}
