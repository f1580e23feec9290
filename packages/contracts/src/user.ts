import { z } from 'zod';

export const userDetailSchema = z.object({
  phone: z.string().nullable(),
  language: z.string().nullable(),
  currency: z.string().nullable(),
});

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  created_at: z.string(),
  userDetail: userDetailSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

/** GET /v1/user/get-me and PATCH /v1/user/me. */
export const userResponseSchema = z.object({ data: userSchema });

export const getMeQuerySchema = z.object({
  include: z.enum(['userDetail']).optional(),
});
