/**
 * Managing a booking (docs/after-sale.md). Every endpoint is for the order's signed-in owner or
 * `?access_token=` of the order (anyone else: 404 not_found, as for a missing order), is rate-limited (429
 * rate_limited with Retry-After) and emails the traveller about each change:
 *  - POST /v1/orders/:id/actions/change_phone            body ChangePhoneRequest
 *      → 200 { data: Order } (a note goes to the contact email)
 *  - POST /v1/orders/:id/email_changes                   body EmailChangeRequest
 *      → 201 { data: EmailChange }: a 6-digit code is sent to the NEW address (10 minutes, 5 tries); a newer
 *        request ends the older ones. 422 unprocessable { reason: 'same_email' }.
 *  - POST /v1/orders/:id/email_changes/:change_id/actions/confirm   body EmailChangeConfirmRequest
 *      → 200 { data: Order } with the new contact email (the old and the new address are both told);
 *        422 invalid_code { reason: 'wrong_code', attempts_left } | { reason: 'code_expired' }; 404 for a
 *        change of another order.
 *  - POST /v1/orders/:id/email_changes/:change_id/actions/undo      body EmailChangeUndoRequest
 *      → 204: the token of the undo link mailed to the replaced address (48 hours, single use) puts that
 *        address back, revokes every earlier link of the order and mails a new one to it (no access token
 *        needed: the token is the credential; docs/decisions/0022-email-change-undo.md); 422 invalid_code
 *        { reason: 'expired' } for a wrong, spent or lapsed token (or a change of another order).
 *  - POST /v1/orders/:id/actions/resend_tickets          body ResendTicketsRequest (may be {})
 *      → 202 { data: { accepted: true } }: the confirmation with the e-ticket PDF again, to the contact
 *        email; 422 unprocessable { reason: 'not_ticketed' } unless booked and paid.
 *  - GET  /v1/orders/:id/receipt.pdf?access_token=&lang=
 *      → application/pdf: what was paid, when, and what went back; 404 unless paid.
 * Bad bodies: 400 validation_failed whose `message`s are `booking.error.*` keys.
 */
import { z } from 'zod';
import { LOCALES } from '@parvoz/i18n/locales';
import { contactEmailSchema, e164PhoneSchema, orderIdParamsSchema } from './booking.ts';

export const changePhoneRequestSchema = z.object({ phone: e164PhoneSchema });
export type ChangePhoneRequest = z.input<typeof changePhoneRequestSchema>;

export const emailChangeRequestSchema = z.object({
  email: contactEmailSchema,
  /** Language of the code email (default: the order's). */
  lang: z.enum(LOCALES).optional(),
});
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>;

export const emailChangeSchema = z.object({
  id: z.string(),
  /** The new address the code went to. */
  email: z.string(),
  expires_at: z.string(),
});
export type EmailChange = z.infer<typeof emailChangeSchema>;

/** 201 of POST /v1/orders/:id/email_changes. */
export const emailChangeResponseSchema = z.object({ data: emailChangeSchema });

export const emailChangeParamsSchema = orderIdParamsSchema.extend({ change_id: z.uuid() });

export const emailChangeConfirmRequestSchema = z.object({
  code: z
    .string({ error: 'manage.error.code' })
    .trim()
    .regex(/^\d{6}$/, 'manage.error.code'),
});
export type EmailChangeConfirmRequest = z.input<typeof emailChangeConfirmRequestSchema>;

export const emailChangeUndoRequestSchema = z.object({ token: z.string().min(1).max(200) });
export type EmailChangeUndoRequest = z.input<typeof emailChangeUndoRequestSchema>;

export const resendTicketsRequestSchema = z
  .object({
    /** Language of the email and the e-ticket (default: the order's). */
    lang: z.enum(LOCALES).optional(),
  })
  .default({});
export type ResendTicketsRequest = z.input<typeof resendTicketsRequestSchema>;

/** 202 of POST /v1/orders/:id/actions/resend_tickets. */
export const resendTicketsResponseSchema = z.object({ data: z.object({ accepted: z.literal(true) }) });
