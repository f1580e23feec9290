/**
 * Test helper for tours (unit, PostgreSQL and e2e suites): travellers' requests written and read through the
 * module's store, for suites that fill the console's inbox or check what the public form stored.
 */
import type { Database } from '@parvoz/db';
import { insertTourRequest, requestsWithTourSlug, type NewTourRequest } from '../store.ts';

/** A traveller's request (about `tourId`, or about tours in general), written straight to the database. */
export function addTourRequest(db: Database, values: NewTourRequest): Promise<{ id: string }> {
  return insertTourRequest(db, values);
}

/** The requests about a tour, oldest first: the tour's slug and the form's fields as stored. */
export async function storedTourRequests(db: Database) {
  const rows = await requestsWithTourSlug(db);
  return rows.map(({ slug, request }) => ({
    slug,
    full_name: request.fullName,
    email: request.email,
    phone: request.phone,
    adults: request.adults,
    children: request.children,
    lang: request.lang,
  }));
}
