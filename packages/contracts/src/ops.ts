/**
 * The operator console's access (issue 13 §5): THE CONTRACT between the API (apps/api/src/routes/v1/ops) and
 * the console pages (apps/web/app/routes/ops-*.tsx). Every `/v1/ops/...` route answers ONLY a signed-in user
 * with a staff role; anyone else — anonymous, a traveller, an operator on an admin's route — gets the same
 * 404 `not_found` as an unknown endpoint, before the request is even validated. Each route is rate-limited
 * per user (429 rate_limited with Retry-After).
 *
 *  - GET  /v1/ops/me                           (operator, admin) → { data: StaffMe }
 *  - GET  /v1/ops/staff                        (admin)  → { data: StaffMember[] }
 *  - POST /v1/ops/staff                        (admin)  body StaffInviteRequest, optional `Idempotency-Key`
 *        → 201 { data: StaffMember }: the person (an account is made if they have none) gets the role and an
 *        email in their language inviting them to sign in by the usual emailed code. Inviting someone who
 *        already has that role changes nothing and sends nothing (same answer).
 *  - POST /v1/ops/staff/:user_id/actions/revoke (admin) body {} → 200 { data: { user_id, revoked: true } };
 *        422 unprocessable { reason: 'last_admin' } for the only admin left (nobody could invite any more),
 *        404 for a user without a role.
 * Orders (issue 13 §6): ops-orders.ts.
 */
import { z } from 'zod';
import { LOCALES } from '@parvoz/i18n/locales';
import { emailSchema } from './auth.ts';

export const STAFF_ROLES = ['operator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

export const staffMeSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffMemberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  granted_at: z.string(),
  /** Who gave the role; null when the `npm run ops -- add-admin` command did. */
  granted_by_email: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffInviteRequestSchema = z.object({
  email: emailSchema,
  role: staffRoleSchema.default('operator'),
  /** Language of the invitation, when the person has no language of their own yet (default en). */
  lang: z.enum(LOCALES).optional(),
});
export type StaffInviteRequest = z.input<typeof staffInviteRequestSchema>;

export const staffUserParamsSchema = z.object({ user_id: z.uuid() });

export const staffRevokeRequestSchema = z.object({}).strict().default({});

export const staffRevokedSchema = z.object({ user_id: z.string(), revoked: z.literal(true) });
