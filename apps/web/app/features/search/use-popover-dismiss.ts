import { useEffect, type RefObject } from 'react';

/**
 * While a search field's popover is open: a pointer down outside both the popover and its toggle closes it,
 * and Escape inside the popover closes it and returns focus to the toggle.
 */
export function usePopoverDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  popoverRef: RefObject<HTMLElement | null>,
  toggleRef: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popoverRef.current?.contains(target) && !toggleRef.current?.contains(target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !popoverRef.current?.contains(event.target as Node)) return;
      event.preventDefault();
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen, popoverRef, toggleRef]);
}
