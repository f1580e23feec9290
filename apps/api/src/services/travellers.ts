import { and, asc, count, eq } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { Traveller, TravellerInput } from '@parvoz/contracts/travellers';
import { ApiFailure } from '../errors.ts';

export const MAX_SAVED_TRAVELLERS = 30;

type Row = typeof schema.savedTravellers.$inferSelect;

function present(row: Row): Traveller {
  return {
    id: row.id,
    given_name: row.givenName,
    family_name: row.familyName,
    born_on: row.bornOn,
    gender: row.gender,
    citizenship: row.citizenship,
    document_number: row.documentNumber,
    document_expires_on: row.documentExpiresOn ?? null,
  };
}

function columns(input: TravellerInput) {
  return {
    givenName: input.given_name,
    familyName: input.family_name,
    bornOn: input.born_on,
    gender: input.gender,
    citizenship: input.citizenship,
    documentNumber: input.document_number,
    documentExpiresOn: input.document_expires_on ?? null,
  };
}

const notFound = () => new ApiFailure('not_found', 'No such saved traveller.');

export async function listTravellers(db: Database, userId: string): Promise<Traveller[]> {
  const rows = await db
    .select()
    .from(schema.savedTravellers)
    .where(eq(schema.savedTravellers.userId, userId))
    .orderBy(asc(schema.savedTravellers.createdAt), asc(schema.savedTravellers.id));
  return rows.map(present);
}

export async function addTraveller(db: Database, userId: string, input: TravellerInput): Promise<Traveller> {
  const [existing] = await db
    .select({ n: count() })
    .from(schema.savedTravellers)
    .where(eq(schema.savedTravellers.userId, userId));
  if ((existing?.n ?? 0) >= MAX_SAVED_TRAVELLERS) {
    throw new ApiFailure('unprocessable', `At most ${MAX_SAVED_TRAVELLERS} travellers can be saved.`, {
      reason: 'too_many_travellers',
    });
  }
  const [row] = await db
    .insert(schema.savedTravellers)
    .values({ userId, ...columns(input) })
    .returning();
  return present(row!);
}

/** Another user's traveller is "not found" (404, never 403): ids of others are not confirmed. */
export async function updateTraveller(
  db: Database,
  userId: string,
  id: string,
  input: TravellerInput,
): Promise<Traveller> {
  const [row] = await db
    .update(schema.savedTravellers)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(and(eq(schema.savedTravellers.id, id), eq(schema.savedTravellers.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return present(row);
}

export async function deleteTraveller(db: Database, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(schema.savedTravellers)
    .where(and(eq(schema.savedTravellers.id, id), eq(schema.savedTravellers.userId, userId)))
    .returning({ id: schema.savedTravellers.id });
  if (rows.length === 0) throw notFound();
}
