import { z } from 'zod';
import { reason } from './refusals.ts';

const isoDate = z.iso.date();

/** A saved traveller (for faster booking), as the API shows it. */
export const travellerSchema = z.object({
  id: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  born_on: z.string(),
  gender: z.enum(['male', 'female']),
  citizenship: z.string(),
  document_number: z.string(),
  document_expires_on: z.string().nullable(),
});
export type Traveller = z.infer<typeof travellerSchema>;

/** GET /v1/user/travellers: the account's saved travellers, oldest first. */
export const travellersResponseSchema = z.object({ data: z.array(travellerSchema) });
/** POST (201) and PATCH of one saved traveller. */
export const travellerResponseSchema = z.object({ data: travellerSchema });

const nameSchema = z.string().trim().min(1).max(60);

/** POST /v1/user/travellers and the profile's traveller form. */
export const travellerInputSchema = z
  .object({
    given_name: nameSchema,
    family_name: nameSchema,
    born_on: isoDate,
    gender: z.enum(['male', 'female']),
    citizenship: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .transform((v) => v.toUpperCase()),
    document_number: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{5,20}$/)
      .transform((v) => v.toUpperCase()),
    document_expires_on: z
      .union([isoDate, z.literal('')])
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((t) => t.born_on >= '1900-01-01' && t.born_on <= new Date().toISOString().slice(0, 10), {
    path: ['born_on'],
    message: 'invalid_birth_date',
  });
export type TravellerInput = z.infer<typeof travellerInputSchema>;

/** PATCH /v1/user/travellers/:id takes the whole traveller again (the form always sends every field). */
export const travellerPatchSchema = travellerInputSchema;

export const travellerIdParamsSchema = z.object({ id: z.uuid() });

/** Saving one more traveller than an account may keep. */
export const createTravellerRefusals = { unprocessable: [reason('too_many_travellers')] } as const;
