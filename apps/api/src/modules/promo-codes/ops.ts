/**
 * The console's promo codes (docs/decisions/0029-promo-codes.md), admins only: listed with their uses, created,
 * edited and retired. Each write is a new version kept with its author and time (`promo_code_versions`) and an
 * entry of the audit log, in one transaction; the terms now are the code's row, whose uses a new version keeps.
 */
import { isUniqueViolation, type Database } from '@parvoz/db';
import type { PriceRuleScope } from '@parvoz/core/price-rules';
import { promoProblems, type PromoTerms } from '@parvoz/core/promo-codes';
import type { OpsPromoCode, OpsPromoCodeInput } from '@parvoz/contracts/promo-codes';
import { ApiFailure } from '../../errors.ts';
import { consoleScopeOf, coreScopeOf, invalidInput, majorMoney, minorAmountOf } from '../pricing/index.ts';
import {
  allPromoCodes,
  insertPromoCode,
  insertPromoCodeVersion,
  lockPromoCode,
  promoCodeVersions,
  updatePromoCode,
  type NewPromoCodeRow,
  type PromoCodeRow,
} from './store.ts';

/** Who writes, and how the write is recorded in the audit log (modules/ops, handed in by the routes). */
export interface PromoWriter {
  actor: { userId: string; email: string };
  audit(
    tx: Database,
    entry: { action: string; targetId: string; details: Record<string, unknown>; at: Date },
  ): Promise<void>;
}

const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : undefined);

/** The row's terms from the console's input, checked by the core; throws the 400 of bad terms. */
function termsRow(input: OpsPromoCodeInput): Omit<NewPromoCodeRow, 'version' | 'createdAt' | 'updatedAt'> {
  const fixed = input.fixed ? minorAmountOf(input.fixed, '/fixed/amount') : undefined;
  const cap = input.cap ? minorAmountOf(input.cap, '/cap/amount') : undefined;
  const terms: PromoTerms = {
    code: input.code,
    percentBp: input.percent_bp,
    ...(fixed ? { fixed } : {}),
    per: input.per,
    ...(cap ? { cap } : {}),
    scope: coreScopeOf(input.scope),
    ...(iso(input.valid_from) ? { validFrom: iso(input.valid_from)! } : {}),
    ...(iso(input.valid_until) ? { validUntil: iso(input.valid_until)! } : {}),
    totalLimit: input.total_limit,
    perTravellerLimit: input.per_traveller_limit,
  };
  const problems = promoProblems(terms);
  if (problems.length > 0) throw invalidInput(problems.join('; '));
  return {
    code: terms.code,
    percentBp: input.percent_bp,
    fixedAmountMinor: fixed?.amount ?? null,
    fixedCurrency: fixed?.currency ?? null,
    per: terms.per,
    capAmountMinor: cap?.amount ?? null,
    capCurrency: cap?.currency ?? null,
    scope: terms.scope as Record<string, unknown>,
    validFrom: terms.validFrom ? new Date(terms.validFrom) : null,
    validUntil: terms.validUntil ? new Date(terms.validUntil) : null,
    totalLimit: terms.totalLimit,
    perTravellerLimit: terms.perTravellerLimit,
  };
}

/** The terms of a row as the console writes them (what a version keeps). */
function inputOf(row: PromoCodeRow): OpsPromoCodeInput {
  return {
    code: row.code,
    percent_bp: row.percentBp,
    fixed: majorMoney(row.fixedAmountMinor, row.fixedCurrency),
    per: row.per,
    cap: majorMoney(row.capAmountMinor, row.capCurrency),
    scope: consoleScopeOf(row.scope as PriceRuleScope),
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    total_limit: row.totalLimit,
    per_traveller_limit: row.perTravellerLimit,
  };
}

async function present(db: Database, rows: readonly PromoCodeRow[]): Promise<OpsPromoCode[]> {
  const versions = await promoCodeVersions(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    terms: inputOf(row),
    used: row.used,
    retired: row.retiredAt !== null,
    versions: versions
      .filter((v) => v.codeId === row.id)
      .map((v) => ({
        version: v.version,
        terms: v.terms as OpsPromoCodeInput,
        retired: v.retired,
        author_user_id: v.authorUserId,
        created_at: v.createdAt.toISOString(),
      })),
  }));
}

export async function listPromoCodes(db: Database): Promise<OpsPromoCode[]> {
  return present(db, await allPromoCodes(db));
}

const codeTaken = () =>
  new ApiFailure('unprocessable', 'Another promo code already has this code.', { reason: 'code_taken' });

/** Keeps the version and its audit entry; the code as the console shows it after. */
async function recordVersion(
  tx: Database,
  row: PromoCodeRow,
  action: 'promo_code.created' | 'promo_code.updated' | 'promo_code.retired',
  writer: PromoWriter,
  now: Date,
): Promise<OpsPromoCode> {
  const terms = inputOf(row);
  await insertPromoCodeVersion(tx, {
    codeId: row.id,
    version: row.version,
    terms: terms as Record<string, unknown>,
    retired: row.retiredAt !== null,
    authorUserId: writer.actor.userId,
    createdAt: now,
  });
  await writer.audit(tx, { action, targetId: row.id, details: { version: row.version, ...terms }, at: now });
  return (await present(tx, [row]))[0]!;
}

/** A savepoint around a write whose code may be taken: the unique index's refusal becomes `code_taken`. */
async function takingCode<T>(tx: Database, write: (sp: Database) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

export async function createPromoCode(
  tx: Database,
  input: OpsPromoCodeInput,
  writer: PromoWriter,
  now: Date,
) {
  const values = termsRow(input);
  const row = await takingCode(tx, (sp) =>
    insertPromoCode(sp, {
      ...values,
      version: 1,
      authorUserId: writer.actor.userId,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return recordVersion(tx, row, 'promo_code.created', writer, now);
}

async function lockedOrFail(tx: Database, id: string): Promise<PromoCodeRow> {
  const row = await lockPromoCode(tx, id);
  if (!row) throw new ApiFailure('not_found', 'No such promo code.');
  return row;
}

/** The code's next version; a retired code is usable again from it. Its uses so far stay counted. */
export async function editPromoCode(
  tx: Database,
  id: string,
  input: OpsPromoCodeInput,
  writer: PromoWriter,
  now: Date,
) {
  const latest = await lockedOrFail(tx, id);
  const values = termsRow(input);
  const row = await takingCode(tx, (sp) =>
    updatePromoCode(sp, id, {
      ...values,
      version: latest.version + 1,
      retiredAt: null,
      authorUserId: writer.actor.userId,
      updatedAt: now,
    }),
  );
  return recordVersion(tx, row, 'promo_code.updated', writer, now);
}

/** A version that retires the code at once: refused from now on; orders already carrying it keep it. */
export async function retirePromoCode(tx: Database, id: string, writer: PromoWriter, now: Date) {
  const latest = await lockedOrFail(tx, id);
  const row = await updatePromoCode(tx, id, {
    version: latest.version + 1,
    retiredAt: now,
    authorUserId: writer.actor.userId,
    updatedAt: now,
  });
  return recordVersion(tx, row, 'promo_code.retired', writer, now);
}
