import { useEffect, useState } from 'react';
import type * as ToastifyModule from 'react-toastify/unstyled';
import { useT } from '../lib/i18n.tsx';
import { buttonClasses } from './Button.tsx';

/** Spec §9: 5000 ms by default, progress shown, pause on hover, bottom-end, 24rem (full width on phones). */
export const TOAST_TIMEOUT_MS = 5000;

export type NotifyOptions = {
  type?: 'info' | 'success' | 'error';
  /** Runs when the toast closes, by timeout, the close button or the action (spec §4). */
  onClose?: () => void;
  /** An action button; pressing it runs onClick and closes the toast. */
  action?: { label: string; onClick: () => void };
  autoClose?: number | false;
  /** A stable id shows a message once even when asked twice. */
  id?: string;
};

type Toastify = typeof ToastifyModule;

/**
 * react-toastify and its stylesheet load on the first toast, not with every page: they were 7 kB of the
 * shell's JavaScript and a render-blocking stylesheet, for something most visits never show.
 */
let library: Promise<Toastify> | undefined;
const loadLibrary = () =>
  (library ??= Promise.all([
    import('react-toastify/unstyled'),
    import('react-toastify/dist/ReactToastify.css'),
  ]).then(([module]) => module));
let markHostReady: () => void = () => undefined;
const hostReady = new Promise<void>((resolve) => (markHostReady = resolve));
const hostWakers = new Set<() => void>();
let hostWanted = false;

/** Ids asked for while the library loads: react-toastify's own "once per id" only sees shown toasts. */
const waitingIds = new Set<string>();

export function notify(message: string, options: NotifyOptions = {}): void {
  const { id } = options;
  if (id !== undefined) {
    if (waitingIds.has(id)) return;
    waitingIds.add(id);
  }
  hostWanted = true;
  for (const wake of hostWakers) wake();
  void Promise.all([loadLibrary(), hostReady]).then(([toastify]) => {
    if (id !== undefined) waitingIds.delete(id);
    show(toastify, message, options);
  });
}

function show({ toast }: Toastify, message: string, options: NotifyOptions): void {
  const { action, onClose, type = 'info', autoClose = TOAST_TIMEOUT_MS, id } = options;
  toast(
    ({ closeToast }) => (
      <div className="flex items-center justify-between gap-3">
        <span>{message}</span>
        {action ? (
          <button
            type="button"
            className={buttonClasses({ size: 'xs', variant: 'soft' })}
            onClick={() => {
              action.onClick();
              closeToast();
            }}
          >
            {action.label}
          </button>
        ) : null}
      </div>
    ),
    { type, autoClose, toastId: id, onClose: onClose ? () => onClose() : undefined },
  );
}

/** Mounts the toast container once the library is wanted (the first `notify`). */
export function ToastHost() {
  const [toastify, setToastify] = useState<Toastify | null>(null);
  useEffect(() => {
    const wake = () => void loadLibrary().then(setToastify);
    hostWakers.add(wake);
    if (hostWanted) wake();
    return () => void hostWakers.delete(wake);
  }, []);
  return toastify ? <LoadedToastHost toastify={toastify} /> : null;
}

function LoadedToastHost({ toastify: { ToastContainer } }: { toastify: Toastify }) {
  const t = useT();
  // Children's effects run first: the container is registered when this one runs.
  useEffect(() => markHostReady(), []);
  const timer = t('toast.timer');
  useEffect(() => nameTimers(timer), [timer]);
  return (
    <ToastContainer
      aria-label={t('toast.region')}
      position="bottom-right"
      autoClose={TOAST_TIMEOUT_MS}
      hideProgressBar={false}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick={false}
      newestOnTop
      role="status"
      closeButton={({ closeToast }) => (
        <button
          type="button"
          aria-label={t('toast.close')}
          className="ml-2 self-start rounded px-1 text-neutral-500 hover:text-neutral-900"
          onClick={closeToast}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    />
  );
}

/**
 * react-toastify names each toast's progress bar "notification timer" in English, with no option to change it:
 * every bar that appears is renamed in the page's language (docs/languages.md: every word in four languages).
 */
function nameTimers(label: string): () => void {
  // The container is mounted when the host's effects run; its toasts come and go inside it.
  const root = document.querySelector('section.Toastify') ?? document.body;
  const rename = () => {
    for (const bar of root.querySelectorAll('.Toastify__progress-bar[role="progressbar"]'))
      if (bar.getAttribute('aria-label') !== label) bar.setAttribute('aria-label', label);
  };
  rename();
  const observer = new MutationObserver(rename);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
