import type { ReactNode } from 'react';
import { useT } from '../lib/i18n.tsx';

/** The top of a small modal dialog: its title (what aria-labelledby names) and the × that closes it. */
export function DialogTitleBar({
  titleId,
  onClose,
  children,
}: {
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="mb-4 flex items-start justify-between gap-4">
      <h2 id={titleId} className="text-lg font-semibold">
        {children}
      </h2>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('modal.close')}
        className="rounded px-2 text-xl leading-none text-neutral-600 hover:text-neutral-900"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
