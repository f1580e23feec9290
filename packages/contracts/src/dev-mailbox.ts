/** GET /v1/dev/mailbox: the outbox's newest emails, for local development without a mail server. */
import { z } from 'zod';
import { LOCALES } from '@parvoz/i18n/locales';
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

/** GET /v1/dev/email-previews: the name of every email's sample (ADR 0019), for the previews page. */
export const devEmailPreviewsResponseSchema = z.object({ data: z.array(z.object({ name: z.string() })) });

/** GET /v1/dev/email-previews/{name}?lang=: one sample rendered in one language, as it is sent. */
export const devEmailPreviewParamsSchema = z.object({ name: z.string().regex(/^[a-z0-9-]{1,60}$/) });
export const devEmailPreviewQuerySchema = z.object({ lang: z.enum(LOCALES) });
export const devEmailPreviewResponseSchema = z.object({
  data: z.object({
    name: z.string(),
    lang: z.enum(LOCALES),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
  }),
});
