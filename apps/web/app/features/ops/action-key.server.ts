import { z } from 'zod';

/**
 * The Idempotency-Key of one confirmed console action (docs/after-sale.md §6): made with the confirmation,
 * posted with "Yes" (and any retry of it), so a repeated "Yes" is the same action at the API. The `key`
 * field of every form that posts a "Yes": its schema reads it with this, so a form without a valid key is
 * refused like any wrong field, before anything is sent.
 */
export const actionKeySchema = z.string().regex(/^ops-[0-9a-f-]{36}$/);

export const newActionKey = () => `ops-${crypto.randomUUID()}`;
