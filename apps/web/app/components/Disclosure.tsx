import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';

export type DisclosureProps = {
  /** The toggle's content ("2 passengers, Economy", "Flight details"). */
  summary: ReactNode;
  /** The panel's content: always in the page (its fields submit with the form while it is closed). */
  children: ReactNode;
  /** The panel's id, for aria-controls. */
  panelId: string;
  /**
   * Classes of the wrapper, a `group`: the toggle's parts can follow the state with `group-open:` (native)
   * and `group-data-[open]:` (interactive), e.g. "Flight details" / "Hide details".
   */
  className?: string;
  toggleClassName?: string;
  panelClassName?: string;
  /** The toggle's own id and ARIA naming (e.g. labelled by the field's label and its value). */
  toggleProps?: { id?: string; 'aria-labelledby'?: string; 'aria-describedby'?: string | undefined };
  /** Classes that hide the closed panel instead of `hidden` (e.g. "max-lg:hidden": shown beside on wide screens). */
  closedClassName?: string;
  /** Controlled state; without it the disclosure keeps its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Open at first, and again whenever this turns true (e.g. the form inside came back with errors). */
  defaultOpen?: boolean;
  /** The wrapper element (for "closes on a click elsewhere"). */
  rootRef?: Ref<HTMLElement>;
  /** The toggle (to return focus to it). */
  toggleRef?: Ref<HTMLElement>;
};

/**
 * A show/hide toggle that screen readers announce and tests find as a button with its state. Without
 * JavaScript (and until the page hydrates) it is a native <details>/<summary>, which opens on its own but is
 * no button to assistive technology; once interactive, a <button type="button" aria-expanded aria-controls>
 * and its panel. Enter and Space toggle it either way.
 */
export function Disclosure({
  summary,
  children,
  panelId,
  className = '',
  toggleClassName = '',
  panelClassName = '',
  toggleProps,
  closedClassName,
  open: controlled,
  onOpenChange,
  defaultOpen = false,
  rootRef,
  toggleRef,
}: DisclosureProps) {
  const hydrated = useHydrated();
  const [own, setOwn] = useState(defaultOpen);
  const open = controlled ?? own;
  const setOpen = (next: boolean) => {
    if (controlled === undefined) setOwn(next);
    onOpenChange?.(next);
  };
  const detailsRef = useRef<HTMLDetailsElement | null>(null);

  // Opened natively before the page became interactive: stay open as a button.
  useEffect(() => {
    if (detailsRef.current?.open && !open) setOpen(true);
    // Once, on the native version's first commit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (defaultOpen) setOpen(true);
    // Only when it turns true.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaultOpen]);

  if (!hydrated) {
    return (
      <details
        ref={(node) => {
          detailsRef.current = node;
          assign(rootRef, node);
        }}
        className={className}
        open={open || undefined}
      >
        <summary
          ref={(node) => assign(toggleRef, node)}
          {...toggleProps}
          className={`${toggleClassName} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        >
          {summary}
        </summary>
        <div id={panelId} className={panelClassName}>
          {children}
        </div>
      </details>
    );
  }
  return (
    <div ref={(node) => assign(rootRef, node)} className={className} data-open={open ? '' : undefined}>
      <button
        ref={(node) => assign(toggleRef, node)}
        type="button"
        {...toggleProps}
        className={`${toggleClassName} cursor-pointer`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {summary}
      </button>
      <div
        id={panelId}
        className={`${panelClassName} ${!open && closedClassName ? closedClassName : ''}`}
        hidden={!open && !closedClassName}
      >
        {children}
      </div>
    </div>
  );
}

function assign<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}
