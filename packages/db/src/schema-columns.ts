/**
 * The column builders every table file of the schema (schema.ts, schema-price-alerts.ts) shares. Each call makes a
 * new builder: a table never shares a column object with another.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  integer,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** `column IN ('a', 'b')` for a CHECK constraint (values are our own constants, never user input). */
export function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(', ')})`);
}

/** A table's own key: a random UUID the database fills in. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();
/** The row (by its UUID) that owns this one: required, and deleting the owner deletes this row too. */
export const ownedBy = (name: string, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: 'cascade' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const tsNullable = (name: string) => timestamp(name, { withTimezone: true });
export const money = (name: string) => bigint(name, { mode: 'number' });
/** Binary data (`bytea`), read as a Buffer whichever driver (PGlite, postgres.js) is underneath. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array | string }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) =>
    typeof value === 'string'
      ? Buffer.from(value.startsWith('\\x') ? value.slice(2) : value, 'hex')
      : Buffer.from(value),
});

/**
 * What a pricing rule or a promo code adds or takes off (schema-pricing.ts, schema-promo-codes.ts): a percentage
 * (basis points) and/or a fixed amount, per passenger or per order (`pers`), up to an optional cap.
 */
export const adjustmentColumns = <const P extends readonly [string, ...string[]]>(pers: P) => ({
  percentBp: integer('percent_bp').notNull().default(0),
  fixedAmountMinor: money('fixed_amount_minor'),
  fixedCurrency: text('fixed_currency'),
  per: text('per', { enum: pers }).notNull(),
  capAmountMinor: money('cap_amount_minor'),
  capCurrency: text('cap_currency'),
});

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** A traveller as their travel document names them: a saved traveller, a passenger of an order. */
export const travellerColumns = () => ({
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  bornOn: date('born_on', { mode: 'string' }).notNull(),
  gender: text('gender', { enum: GENDERS }).notNull(),
  /** ISO 3166-1 alpha-2. */
  citizenship: text('citizenship').notNull(),
  documentNumber: text('document_number').notNull(),
  documentExpiresOn: date('document_expires_on', { mode: 'string' }),
});
