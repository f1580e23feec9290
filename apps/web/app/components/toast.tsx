import { ToastContainer, toast, type Id } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
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

export function notify(message: string, options: NotifyOptions = {}): Id {
  const { action, onClose, type = 'info', autoClose = TOAST_TIMEOUT_MS, id } = options;
  return toast(
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

export function ToastHost() {
  const t = useT();
  return (
    <ToastContainer
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
