/** The console's staff requests (/v1/ops/staff, admins only); re-exported from ./ops.ts. */
import { z } from 'zod';
import { LOCALES } from '@parvoz/i18n/locales';

/** POST /v1/ops/staff: an admin invites an operator by email. */
export const opsInviteSchema = z.object({
  email: z
    .email()
    .max(254)
    .transform((e) => e.toLowerCase()),
  lang: z.enum(LOCALES).default('en'),
});

export const opsStaffParamsSchema = z.object({ userId: z.uuid() });
