import { data } from 'react-router';
import { z } from 'zod';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { ApiError } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import type { MessageKey } from '../../lib/i18n.tsx';
import type { RequestState } from '../../lib/request-context.server.ts';
import { opsCall } from './ops-api.server.ts';
import { actionKeySchema, newActionKey } from './action-key.server.ts';

/*
 * The admins' console pages of items kept as versions (pricing rules, promo codes; docs/operations.md):
 * the same list with its authors and keys, and the same three posts (a new item, an item's next version,
 * an item retired after its confirmation).
 */

/** An answer the API gave on purpose (not a fault, not a rate limit): the page shows it. */
export const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status < 500 && error.status !== 429;

/**
 * The items with, by user id, the email of each version's author and the Idempotency-Key of each write the
 * page may post (docs/after-sale.md §6): one per item's retirement, one for a new item.
 */
export async function loadVersionedItems<T extends { id: string }>(
  state: RequestState,
  list: Promise<{ data: T[] }>,
) {
  const [items, staff] = await Promise.all([list, opsCall(state, opsEndpoints.opsListStaff, {})]);
  const authors = Object.fromEntries(staff.data.map((s) => [s.user_id, s.email]));
  const keys = Object.fromEntries(items.data.map((item) => [item.id, newActionKey()]));
  return { items: items.data, authors, newKey: newActionKey(), keys };
}

/** The three posts' fields; `idField` names the item's id (`rule_id`, `code_id`). */
function intentSchema(idField: string, id: z.ZodType<string>) {
  const idShape = { [idField]: id };
  return z.discriminatedUnion('intent', [
    z.object({ intent: z.literal('create'), key: actionKeySchema }),
    z.object({ intent: z.literal('edit'), ...idShape }),
    z.object({ intent: z.literal('retire'), ...idShape, key: actionKeySchema }),
  ]);
}

export interface VersionedPosts<K extends string, S> {
  idField: K;
  id: z.ZodType<string>;
  /** The list's own call: it answers 404 to anyone but an admin, so only admins learn that a form was wrong. */
  adminsOnly: () => Promise<unknown>;
  /** A new item (`id` null, with its key) or an item's next version. */
  save: (id: string | null, key?: string) => Promise<S>;
  retire: (id: string, key: string) => Promise<unknown>;
  invalid: MessageKey;
  retiredDone: MessageKey;
}

type Posted<K extends string> = (
  { intent: 'create'; key: string } | { intent: 'edit' } | { intent: 'retire'; key: string }
) &
  Record<K, string>;

/** The page's action: reads the intent, then saves or retires; a refusal is shown, anything else thrown. */
export async function versionedItemsAction<K extends string, S>(form: FormData, posts: VersionedPosts<K, S>) {
  const posted = parseForm(form, intentSchema(posts.idField, posts.id));
  if (posted.status !== 'success') {
    await posts.adminsOnly();
    return data({ problem: posts.invalid }, { status: 400 });
  }
  const sent = posted.value as Posted<K>;
  if (sent.intent === 'create') return posts.save(null, sent.key);
  const id = sent[posts.idField];
  if (sent.intent === 'edit') return posts.save(id);
  try {
    await posts.retire(id, sent.key);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return data({ problem: posts.invalid }, { status: error.status });
  }
  return data({ done: posts.retiredDone });
}
