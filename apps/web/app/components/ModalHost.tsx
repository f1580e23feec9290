import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { DialogTitleBar } from './DialogTitleBar.tsx';

type ModalEntry = { id: number; title: string; render: (close: () => void) => ReactNode };
type ModalApi = { open: (title: string, render: (close: () => void) => ReactNode) => () => void };

const ModalContext = createContext<ModalApi | null>(null);

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal outside ModalProvider');
  return api;
}

/** Client-only modal host (spec §2): nothing renders on the server; native <dialog> gives focus trapping and Esc. */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [modals, setModals] = useState<ModalEntry[]>([]);
  const [mounted, setMounted] = useState(false);
  const nextId = useRef(1);
  useEffect(() => setMounted(true), []);

  const open = useCallback<ModalApi['open']>((title, render) => {
    const id = nextId.current++;
    setModals((current) => [...current, { id, title, render }]);
    return () => setModals((current) => current.filter((m) => m.id !== id));
  }, []);

  // One value for the page's life: a new object on the mount re-render would count as a context change, and
  // React then drops the server HTML of every streamed Suspense boundary not yet hydrated (results page).
  const api = useMemo(() => ({ open }), [open]);
  return (
    <ModalContext.Provider value={api}>
      {children}
      {mounted
        ? modals.map((modal) => (
            <Modal
              key={modal.id}
              entry={modal}
              onClose={() => setModals((c) => c.filter((m) => m.id !== modal.id))}
            />
          ))
        : null}
    </ModalContext.Provider>
  );
}

function Modal({ entry, onClose }: { entry: ModalEntry; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const titleId = `modal-title-${entry.id}`;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-full max-w-md rounded-lg p-0 shadow-xl backdrop:bg-black/40"
    >
      <div className="p-5">
        <DialogTitleBar titleId={titleId} onClose={() => ref.current?.close()}>
          {entry.title}
        </DialogTitleBar>
        {entry.render(() => ref.current?.close())}
      </div>
    </dialog>
  );
}
