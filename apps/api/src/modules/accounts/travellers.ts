import type { Database } from '@parvoz/db';
import type { Traveller, TravellerInput } from '@parvoz/contracts/travellers';
import { ApiFailure } from '../../errors.ts';
import {
  countTravellersOfUser,
  deleteTravellerOfUser,
  insertTraveller,
  travellersOfUser,
  updateTravellerOfUser,
  type SavedTravellerColumns,
  type SavedTravellerRow,
} from './store.ts';

export const MAX_SAVED_TRAVELLERS = 30;

function present(row: SavedTravellerRow): Traveller {
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

function columns(input: TravellerInput): SavedTravellerColumns {
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
  return (await travellersOfUser(db, userId)).map(present);
}

export async function addTraveller(db: Database, userId: string, input: TravellerInput): Promise<Traveller> {
  if ((await countTravellersOfUser(db, userId)) >= MAX_SAVED_TRAVELLERS) {
    throw new ApiFailure('unprocessable', `At most ${MAX_SAVED_TRAVELLERS} travellers can be saved.`, {
      reason: 'too_many_travellers',
    });
  }
  return present(await insertTraveller(db, userId, columns(input)));
}

/** Another user's traveller is "not found" (404, never 403): ids of others are not confirmed. */
export async function updateTraveller(
  db: Database,
  userId: string,
  id: string,
  input: TravellerInput,
): Promise<Traveller> {
  const row = await updateTravellerOfUser(db, userId, id, { ...columns(input), updatedAt: new Date() });
  if (!row) throw notFound();
  return present(row);
}

export async function deleteTraveller(db: Database, userId: string, id: string): Promise<void> {
  if (!(await deleteTravellerOfUser(db, userId, id))) throw notFound();
}
