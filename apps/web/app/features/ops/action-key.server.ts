import { z } from 'zod';

/**
 * The Idempotency-Key of one confirmed console action (docs/after-sale.md §6): made with the confirmation,
 * posted with "Yes" (and any retry of it), so a repeated "Yes" is the same action at the API.
 */
const ACTION_KEY = z.string().regex(/^ops-[0-9a-f-]{36}$/);

export const newActionKey = () => `ops-${crypto.randomUUID()}`;

/** The key a "Yes" posts; a form without a valid one is no form of the console (400). */
export function actionKeyOf(form: FormData): string {
  const parsed = ACTION_KEY.safeParse(form.get('key'));
  if (!parsed.success) throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
  return parsed.data;
}
