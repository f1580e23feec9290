/**
 * Last-minute tours (spec §1, docs/after-sale.md §7), re-exported by schema.ts: the tours on the info pages,
 * the pictures operators upload for them, and travellers' requests about them. Owned by
 * apps/api/src/modules/tours/, whose store.ts alone reads and writes these tables (docs/architecture.md).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, money, oneOf, ownedBy, tsNullable, updatedAt, uuidId } from './schema-columns.ts';
import { users } from './schema-accounts.ts';

/** A tour request in the console's inbox (docs/after-sale.md §7). */
export const TOUR_REQUEST_STATUSES = ['new', 'in_progress', 'done'] as const;
export type TourRequestStatus = (typeof TOUR_REQUEST_STATUSES)[number];

/** A text in each site language; a missing language falls back to English. */
export type LocalizedText = Partial<Record<'en' | 'ru' | 'uz' | 'tr', string>>;

export const tours = pgTable(
  'tours',
  {
    id: uuidId(),
    slug: text('slug').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    summary: jsonb('summary').$type<LocalizedText>(),
    description: jsonb('description').$type<LocalizedText>(),
    /** IATA city codes. */
    originCode: text('origin_code').notNull(),
    destinationCode: text('destination_code').notNull(),
    countryCode: text('country_code').notNull(),
    hotelName: text('hotel_name'),
    hotelStars: smallint('hotel_stars'),
    /** RO, BB, HB, FB, AI. */
    boardBasis: text('board_basis'),
    departsOn: date('departs_on', { mode: 'string' }).notNull(),
    nights: smallint('nights').notNull(),
    priceFromMinor: money('price_from_minor').notNull(),
    currency: text('currency').notNull(),
    imageUrl: text('image_url'),
    /** What the price includes: codes of `TOUR_INCLUDES` in packages/contracts/src/tours.ts. */
    includes: jsonb('includes').$type<string[]>().notNull().default([]),
    /** Places still on sale (a request does not take them: the operator confirms by hand). */
    seatsLeft: smallint('seats_left').notNull().default(0),
    /** Last-minute offer: not shown after this moment. */
    validUntil: tsNullable('valid_until'),
    published: boolean('published').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tours_slug_key').on(t.slug),
    index('tours_published_departs_idx').on(t.published, t.departsOn),
    check('tours_nights_positive', sql`"nights" > 0`),
    check('tours_hotel_stars_range', sql`"hotel_stars" IS NULL OR "hotel_stars" BETWEEN 1 AND 5`),
    check('tours_price_nonnegative', sql`"price_from_minor" >= 0`),
    check('tours_seats_left_nonnegative', sql`"seats_left" >= 0`),
  ],
);

/**
 * A tour's picture uploaded in the console (docs/after-sale.md §7, docs/decisions/0013): kept in the
 * database, so every instance and every backup has it; checked by its first bytes (JPEG, PNG, WebP) and at
 * most 5 MB.
 */
export const TOUR_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const tourImages = pgTable(
  'tour_images',
  {
    id: uuidId(),
    tourId: ownedBy('tour_id', () => tours.id),
    contentType: text('content_type', { enum: TOUR_IMAGE_TYPES }).notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('tour_images_tour_id_idx').on(t.tourId),
    check('tour_images_content_type', oneOf('content_type', TOUR_IMAGE_TYPES)),
    check('tour_images_size', sql`"byte_size" BETWEEN 1 AND 5242880`),
  ],
);

/** A traveller's request about a tour (or a tour in general when `tour_id` is null). */
export const tourRequests = pgTable(
  'tour_requests',
  {
    id: uuidId(),
    tourId: uuid('tour_id').references(() => tours.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    adults: smallint('adults').notNull().default(1),
    children: smallint('children').notNull().default(0),
    message: text('message'),
    lang: text('lang').notNull(),
    status: text('status', { enum: TOUR_REQUEST_STATUSES }).notNull().default('new'),
    /** The operator's internal note (docs/after-sale.md §7); its changes are in the audit log. */
    operatorNote: text('operator_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tour_requests_tour_id_idx').on(t.tourId),
    index('tour_requests_status_created_idx').on(t.status, t.createdAt),
    check('tour_requests_status', oneOf('status', TOUR_REQUEST_STATUSES)),
    check('tour_requests_party', sql`"adults" >= 1 AND "children" >= 0`),
  ],
);
