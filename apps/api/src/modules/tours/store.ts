/**
 * The tours' tables (`tours`, `tour_images`, `tour_requests`, packages/db/src/schema-tours.ts): the only file
 * that reads or writes them (docs/architecture.md, "Modules own their tables"). Every function takes the
 * database or the transaction it runs in, so the service decides what happens together.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { TourRequestStatus } from '@parvoz/db/schema';
import { utcDate } from '@parvoz/core/tours';

const { tours, tourImages, tourRequests } = schema;

export type TourRow = typeof tours.$inferSelect;
export type TourColumns = Omit<typeof tours.$inferInsert, 'id'>;
export type TourImageType = (typeof schema.TOUR_IMAGE_TYPES)[number];
export type NewTourRequest = Omit<typeof tourRequests.$inferInsert, 'id'>;

// ---- Tours on sale (the public pages) ---------------------------------------------------------------------

/** On sale: published, sales not closed (valid_until), and not yet departed. */
function onSale(now: Date): SQL {
  return and(
    eq(tours.published, true),
    gt(tours.departsOn, utcDate(now)),
    or(isNull(tours.validUntil), gt(tours.validUntil, now)),
  )!;
}

/** Every tour on sale, soonest first. */
export function toursOnSale(db: Database, now: Date): Promise<TourRow[]> {
  return db
    .select()
    .from(tours)
    .where(onSale(now))
    .orderBy(asc(tours.departsOn), asc(tours.sortOrder), asc(tours.priceFromMinor), asc(tours.slug));
}

/** The tour of `slug` if it is on sale. */
export async function tourOnSale(db: Database, slug: string, now: Date): Promise<TourRow | undefined> {
  const [row] = await db
    .select()
    .from(tours)
    .where(and(eq(tours.slug, slug), onSale(now)));
  return row;
}

/** Slugs of the tours on sale, soonest first. */
export async function tourSlugsOnSale(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ slug: tours.slug })
    .from(tours)
    .where(onSale(now))
    .orderBy(asc(tours.departsOn), asc(tours.slug));
  return rows.map((row) => row.slug);
}

/**
 * Inserts a tour by its slug, or, when the tour of that slug has closed its sales, moves it to the values'
 * departure, sales end and seats (the demo seed). A tour on sale is left alone.
 */
export async function insertOrRollTour(db: Database, values: TourColumns, now: Date): Promise<void> {
  const { departsOn, validUntil, seatsLeft } = values;
  await db
    .insert(tours)
    .values(values)
    .onConflictDoUpdate({
      target: tours.slug,
      set: { departsOn, validUntil, seatsLeft, updatedAt: now },
      setWhere: sql`${tours.validUntil} IS NOT NULL AND ${tours.validUntil} <= ${now.toISOString()}`,
    });
}

// ---- Tours in the console -----------------------------------------------------------------------------------

/** Every tour, published first, then by departure. */
export function allTours(db: Database): Promise<TourRow[]> {
  return db.select().from(tours).orderBy(desc(tours.published), asc(tours.departsOn), asc(tours.slug));
}

/** The tour of `id`, locked for the transaction when `lock` is set. */
export async function tourById(db: Database, id: string, lock = false): Promise<TourRow | undefined> {
  const query = db.select().from(tours).where(eq(tours.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Whether a tour already has this slug. */
export async function slugInUse(db: Database, slug: string): Promise<boolean> {
  const [clash] = await db.select({ id: tours.id }).from(tours).where(eq(tours.slug, slug));
  return clash !== undefined;
}

export async function insertTour(db: Database, values: TourColumns): Promise<TourRow> {
  const [row] = await db.insert(tours).values(values).returning();
  return row!;
}

export async function updateTour(db: Database, id: string, values: Partial<TourColumns>): Promise<TourRow> {
  const [row] = await db.update(tours).set(values).where(eq(tours.id, id)).returning();
  return row!;
}

// ---- Pictures -------------------------------------------------------------------------------------------

export async function insertTourImage(
  db: Database,
  values: { tourId: string; contentType: TourImageType; bytes: Buffer; byteSize: number; createdAt: Date },
): Promise<{ id: string }> {
  const [image] = await db.insert(tourImages).values(values).returning({ id: tourImages.id });
  return image!;
}

/** A stored picture, or null. */
export async function tourImage(db: Database, imageId: string) {
  const [image] = await db
    .select({ contentType: tourImages.contentType, bytes: tourImages.bytes })
    .from(tourImages)
    .where(eq(tourImages.id, imageId));
  return image ?? null;
}

// ---- Travellers' requests -----------------------------------------------------------------------------------

export async function insertTourRequest(db: Database, values: NewTourRequest): Promise<{ id: string }> {
  const [created] = await db.insert(tourRequests).values(values).returning({ id: tourRequests.id });
  return created!;
}

const inStatus = (status: TourRequestStatus | undefined) =>
  status ? eq(tourRequests.status, status) : undefined;

/** Requests (of one status, or all), newest first, each with its tour's slug and title (null without one). */
export async function tourRequestsPage(
  db: Database,
  status: TourRequestStatus | undefined,
  limit: number,
  offset: number,
) {
  const rows = await db
    .select({ request: tourRequests, tourSlug: tours.slug, tourTitle: tours.title })
    .from(tourRequests)
    .leftJoin(tours, eq(tours.id, tourRequests.tourId))
    .where(inStatus(status))
    .orderBy(desc(tourRequests.createdAt), desc(tourRequests.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ request, tourSlug, tourTitle }) => ({ ...request, tourSlug, tourTitle }));
}

/** How many requests (of one status, or all) there are. */
export function countTourRequests(db: Database, status: TourRequestStatus | undefined) {
  return db.select({ n: count() }).from(tourRequests).where(inStatus(status));
}

/** A request's status and note, locked for the transaction; undefined for an unknown id. */
export async function lockTourRequest(tx: Database, id: string) {
  const [before] = await tx
    .select({ status: tourRequests.status, note: tourRequests.operatorNote })
    .from(tourRequests)
    .where(eq(tourRequests.id, id))
    .for('update');
  return before;
}

export async function setTourRequest(
  tx: Database,
  id: string,
  values: { status: TourRequestStatus; operatorNote: string | null; updatedAt: Date },
): Promise<void> {
  await tx.update(tourRequests).set(values).where(eq(tourRequests.id, id));
}

/** The titles of the tours `ids` (uuids): the console's audit log names a tour by it. */
export async function tourTitlesOf(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: tours.id, title: tours.title }).from(tours).where(inArray(tours.id, ids));
}

/** The requests `ids` (uuids): who asked, and the title of the tour asked about (null for tours in general). */
export async function tourRequestNamesOf(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: tourRequests.id, fullName: tourRequests.fullName, title: tours.title })
    .from(tourRequests)
    .leftJoin(tours, eq(tours.id, tourRequests.tourId))
    .where(inArray(tourRequests.id, ids));
}

/** Every request about a tour, oldest first, with the tour's slug (for the test helpers in testing/). */
export function requestsWithTourSlug(db: Database) {
  return db
    .select({ slug: tours.slug, request: tourRequests })
    .from(tourRequests)
    .innerJoin(tours, eq(tours.id, tourRequests.tourId))
    .orderBy(asc(tourRequests.createdAt));
}
