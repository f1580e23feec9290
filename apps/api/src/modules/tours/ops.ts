/**
 * The console's tours (docs/after-sale.md §7): every tour, published or not, created and edited by operators,
 * its picture kept in the database (docs/decisions/0013-ops-tours.md). Each change is written to the audit
 * log in the transaction that makes it.
 */
import { isUniqueViolation, type Database } from '@parvoz/db';
import type { LocalizedText } from '@parvoz/db/schema';
import { TOUR_IMAGE_MAX_BYTES, type OpsTour, type OpsTourInput } from '@parvoz/contracts/ops-tours';
import { fromMajorString, isCurrencyCode, money, toMajorString } from '@parvoz/core/money';
import { ApiFailure } from '../../errors.ts';
import { auditEntries, recordAudit, type Actor } from '../ops/index.ts';
import {
  allTours,
  insertTour,
  insertTourImage,
  slugInUse,
  tourById,
  tourImage,
  updateTour,
  type TourColumns,
  type TourImageType,
  type TourRow,
} from './store.ts';

/** Where the web serves an uploaded picture (apps/web/app/routes/tour-image.ts proxies /v1/tours/images). */
export const tourImagePath = (imageId: string) => `/tour-images/${imageId}`;

/** A stored text in every language: English always (empty when missing), the others or null. */
export function localizedOf(text: LocalizedText | null): OpsTour['title'] {
  return { en: text?.en ?? '', ru: text?.ru ?? null, uz: text?.uz ?? null, tr: text?.tr ?? null };
}

function storedText(text: { en: string | null; ru: string | null; uz: string | null; tr: string | null }) {
  const entries = Object.entries(text).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return entries.length ? (Object.fromEntries(entries) as LocalizedText) : null;
}

export function presentOpsTour(row: TourRow): OpsTour {
  const price = isCurrencyCode(row.currency)
    ? toMajorString(money(row.priceFromMinor, row.currency))
    : String(row.priceFromMinor);
  return {
    id: row.id,
    slug: row.slug,
    published: row.published,
    title: localizedOf(row.title),
    summary: localizedOf(row.summary),
    description: localizedOf(row.description),
    origin_code: row.originCode,
    destination_code: row.destinationCode,
    country_code: row.countryCode,
    hotel_name: row.hotelName,
    hotel_stars: row.hotelStars,
    board_basis: row.boardBasis,
    departs_on: row.departsOn,
    nights: row.nights,
    price,
    currency: row.currency,
    seats_left: row.seatsLeft,
    includes: row.includes,
    image_url: row.imageUrl,
    valid_until: row.validUntil?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns of a tour from the console's form; a price that is not exact in its currency is refused. */
function columnsOf(input: OpsTourInput) {
  const price = fromMajorString(input.price, input.currency);
  if (!price || price.amount < 0)
    throw new ApiFailure('validation_failed', 'The request is not valid.', [
      { in: 'body', path: '/price', message: `not an amount of ${input.currency}` },
    ]);
  return {
    slug: input.slug,
    title: storedText(input.title)!,
    summary: storedText(input.summary),
    description: storedText(input.description),
    originCode: input.origin_code,
    destinationCode: input.destination_code,
    countryCode: input.country_code,
    hotelName: input.hotel_name,
    hotelStars: input.hotel_stars ?? null,
    boardBasis: input.board_basis ?? null,
    departsOn: input.departs_on,
    nights: input.nights,
    priceFromMinor: price.amount,
    currency: input.currency,
    seatsLeft: input.seats_left,
    includes: input.includes,
  };
}

const slugTaken = (slug: string) =>
  new ApiFailure('unprocessable', 'Another tour has this address (slug).', { reason: 'slug_taken', slug });

export async function listOpsTours(db: Database) {
  return (await allTours(db)).map(presentOpsTour);
}

async function tourRow(db: Database, id: string, lock = false): Promise<TourRow> {
  const row = await tourById(db, id, lock);
  if (!row) throw new ApiFailure('not_found', 'No such tour.');
  return row;
}

export async function getOpsTour(db: Database, id: string) {
  const row = await tourRow(db, id);
  const history = await auditEntries(db, { type: 'tour', id }, 50);
  return {
    tour: presentOpsTour(row),
    history: history.map((e) => ({
      at: e.at.toISOString(),
      actor: e.actorEmail,
      action: e.action,
      details: e.details,
    })),
  };
}

/** A new tour, unpublished until an operator publishes it. */
export async function createOpsTour(tx: Database, input: OpsTourInput, actor: Actor, now: Date) {
  const values = columnsOf(input);
  if (await slugInUse(tx, values.slug)) throw slugTaken(values.slug);
  let row: TourRow;
  try {
    row = await insertTour(tx, { ...values, published: false, createdAt: now, updatedAt: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(values.slug);
    throw error;
  }
  await recordAudit(tx, {
    actor,
    action: 'tour.created',
    targetType: 'tour',
    targetId: row.id,
    details: { slug: row.slug },
    at: now,
  });
  return presentOpsTour(row);
}

/** Writes `values` to the tour with the audit entry of the change, and answers the tour as it now is. */
async function changeTour(
  tx: Database,
  id: string,
  values: Partial<TourColumns>,
  audit: { actor: Actor; action: string; details?: Record<string, unknown>; at: Date },
) {
  const row = await updateTour(tx, id, { ...values, updatedAt: audit.at });
  await recordAudit(tx, { ...audit, targetType: 'tour', targetId: id });
  return presentOpsTour(row);
}

/** The whole tour replaced by the form's values; the audit entry names the fields that changed. */
export async function updateOpsTour(tx: Database, id: string, input: OpsTourInput, actor: Actor, now: Date) {
  const before = await tourRow(tx, id, true);
  const values = columnsOf(input);
  if (values.slug !== before.slug) {
    if (await slugInUse(tx, values.slug)) throw slugTaken(values.slug);
  }
  const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
    (key) => JSON.stringify(values[key]) !== JSON.stringify(before[key]),
  );
  if (!changed.length) return presentOpsTour(before);
  return changeTour(tx, id, values, { actor, action: 'tour.updated', details: { fields: changed }, at: now });
}

/** Publishes or withdraws a tour; doing what is already done changes nothing and writes nothing. */
export async function setTourPublished(
  tx: Database,
  id: string,
  published: boolean,
  actor: Actor,
  now: Date,
) {
  const before = await tourRow(tx, id, true);
  if (before.published === published) return presentOpsTour(before);
  return changeTour(
    tx,
    id,
    { published },
    {
      actor,
      action: published ? 'tour.published' : 'tour.unpublished',
      at: now,
    },
  );
}

/** The picture's type by its first bytes (never by its name or the type the browser claimed). */
export function sniffImageType(bytes: Uint8Array): TourImageType | null {
  const starts = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (bytes.length >= 3 && starts(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  // RIFF....WEBP
  if (bytes.length >= 12 && starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50))
    return 'image/webp';
  return null;
}

/** Stores a new picture for the tour and shows it on the tour's pages (the old one is kept, unlinked). */
export async function uploadTourImage(tx: Database, id: string, dataBase64: string, actor: Actor, now: Date) {
  const bytes = Buffer.from(dataBase64, 'base64');
  if (bytes.length === 0 || bytes.length > TOUR_IMAGE_MAX_BYTES)
    throw new ApiFailure('payload_too_large', 'The picture must be at most 5 MB.', {
      reason: 'image_too_large',
      max_bytes: TOUR_IMAGE_MAX_BYTES,
    });
  const contentType = sniffImageType(bytes);
  if (!contentType)
    throw new ApiFailure('unprocessable', 'The picture must be a JPEG, PNG or WebP image.', {
      reason: 'image_type',
    });
  await tourRow(tx, id, true);
  const image = await insertTourImage(tx, {
    tourId: id,
    contentType,
    bytes,
    byteSize: bytes.length,
    createdAt: now,
  });
  const imageUrl = tourImagePath(image.id);
  return changeTour(
    tx,
    id,
    { imageUrl },
    {
      actor,
      action: 'tour.image_uploaded',
      details: { image_id: image.id, content_type: contentType, bytes: bytes.length },
      at: now,
    },
  );
}

/** A stored picture, or null. */
export function readTourImage(db: Database, imageId: string) {
  return tourImage(db, imageId);
}
