/** GET /v1/dev/mailbox: the outbox's newest emails, for local development without a mail server. */
import { z } from 'zod';
import { emailSchema } from './auth.ts';

export const devMailboxQuerySchema = z.object({ to: emailSchema.optional() });

export const devMailSchema = z.object({
  id: z.number().int(),
  /** Null for a message without one recipient address. */
  to: z.string().nullable(),
  kind: z.string(),
  status: z.string(),
  created_at: z.string(),
  subject: z.string(),
  text: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;

/** The newest 50, newest first. */
export const devMailboxResponseSchema = z.object({ data: z.array(devMailSchema) });
