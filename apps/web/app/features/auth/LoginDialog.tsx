import { Suspense, lazy, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { DialogTitleBar } from '../../components/DialogTitleBar.tsx';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { useAuth } from './auth-context.tsx';

/**
 * The form (with Conform and zod, ~37 kB of gzipped JavaScript) is loaded when the dialog first opens, or
 * earlier when the visitor points at or focuses the sign-in link: every page has the dialog, few use it
 * (JavaScript per page: docs/performance.md#speed-targets).
 */
const loadLoginForm = () => import('./LoginForm.tsx');
const LoginForm = lazy(async () => ({ default: (await loadLoginForm()).LoginForm }));
export const preloadLoginForm = () => void loadLoginForm();

/**
 * The login dialog, shown while the auth state's `isOpen` is set. A native modal <dialog>: focus moves into
 * it and stays there, Esc closes it, and focus returns to where it was.
 */
export function LoginDialog() {
  const auth = useAuth();
  const t = useT();
  const { user } = useRootData();
  const location = useLocation();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (auth.isOpen && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      // showModal focuses the first focusable element (the close button): start at the first field instead.
      dialog.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
    } else if (!auth.isOpen && dialog.open) {
      dialog.close();
    }
  }, [auth.isOpen]);

  // Signed in (the action redirected and the root reloaded the user): the dialog's job is done.
  useEffect(() => {
    if (user && auth.isOpen) auth.close();
  }, [user, auth]);

  const returnTo = auth.returnTo ?? location.pathname + location.search;
  return (
    <dialog
      ref={ref}
      aria-labelledby="login-dialog-title"
      onClose={() => {
        auth.close();
        if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
      }}
      className="m-auto w-full max-w-md rounded-lg p-0 shadow-xl backdrop:bg-black/40 max-sm:mx-2 max-sm:w-[calc(100%-1rem)]"
    >
      {auth.isOpen ? (
        <div className="p-5">
          <DialogTitleBar titleId="login-dialog-title" onClose={() => ref.current?.close()}>
            {t('auth.dialog.title')}
          </DialogTitleBar>
          <Suspense fallback={<p className="text-sm text-neutral-600">{t('auth.dialog.loading')}</p>}>
            <LoginForm returnTo={returnTo} focusFirst />
          </Suspense>
        </div>
      ) : null}
    </dialog>
  );
}
