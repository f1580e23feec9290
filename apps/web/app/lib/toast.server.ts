import { serialize } from 'cookie';
import { parseCookies } from '@parvoz/contracts/cookies';
import { redirect } from 'react-router';
import { z } from 'zod';
import { MESSAGES } from '@parvoz/i18n/messages';
import { webConfig } from './config.server.ts';
import type { MessageKey } from './i18n.tsx';

/** The cookie that carries a toast from an action to the page it redirects to (read once, then cleared). */
export const TOAST_COOKIE = 'toast';
const TOAST_MAX_AGE_SECONDS = 60;

const toastSchema = z.object({
  id: z.string().max(64),
  type: z.enum(['info', 'success', 'error']),
  /** A message key of the shell's files (the text is chosen in the page's language when shown). */
  key: z.string().refine((key) => key in MESSAGES.en, 'unknown_message'),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ServerToast = z.infer<typeof toastSchema>;
/** What an action asks for: a known message key (checked by the compiler), its values, the kind. */
export type ToastRequest = Omit<ServerToast, 'id' | 'key'> & { id?: string; key: MessageKey };

function cookieOptions() {
  return { path: '/', sameSite: 'lax' as const, secure: webConfig.secureCookies, httpOnly: true };
}

export function toastCookie(toast: ToastRequest): string {
  const value: ServerToast = { ...toast, id: toast.id ?? crypto.randomUUID() };
  return serialize(TOAST_COOKIE, Buffer.from(JSON.stringify(value)).toString('base64url'), {
    ...cookieOptions(),
    maxAge: TOAST_MAX_AGE_SECONDS,
  });
}

export function clearToastCookie(): string {
  return serialize(TOAST_COOKIE, '', { ...cookieOptions(), maxAge: 0 });
}

/** The toast the request carries, or null (a broken or forged cookie is none). */
export function readToast(request: Request): ServerToast | null {
  const raw = parseCookies(request.headers.get('cookie'))[TOAST_COOKIE];
  if (!raw) return null;
  try {
    const parsed = toastSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Redirects after an action and shows a toast on the page it lands on (as Epic Stack's
 * `redirectWithToast`): the message rides a short-lived cookie, the root loader hands it to the shell, which
 * shows it with the site's toasts; the middleware then clears the cookie.
 */
export function redirectWithToast(url: string, toast: ToastRequest, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', toastCookie(toast));
  return redirect(url, { ...init, headers });
}
