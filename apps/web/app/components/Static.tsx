import { useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isShellHydrated } from '../lib/use-hydrated.ts';

/**
 * A part that never changes after the server rendered it (docs/performance.md, "Parts that are not hydrated"):
 * on the page the server sent, the browser keeps the server's HTML and React neither runs its components nor
 * walks its nodes, so hydrating costs nothing for it. Its links still navigate within the app (one listener on
 * the part). On a later page of the visit, or once `watch` differs from what the server rendered with (another
 * language, other data), it renders its children as any part does.
 */
export function Static({
  id,
  watch,
  className,
  children,
}: {
  /** Unique on the page: finds the server's HTML. */
  id: string;
  /** What the part shows depends on: a change renders it again. */
  watch: readonly unknown[];
  className?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  // Decided once, when the part first renders: the server's HTML only while the page the server sent hydrates.
  const [kept] = useState(() => {
    if (typeof document === 'undefined' || isShellHydrated()) return null;
    const element = document.querySelector(`[data-static="${id}"]`);
    return element ? { html: element.innerHTML, watch } : null;
  });
  const unchanged =
    kept !== null && kept.watch.length === watch.length && kept.watch.every((v, i) => Object.is(v, watch[i]));
  if (!unchanged)
    return (
      <div key="rendered" data-static={id} className={className}>
        {children}
      </div>
    );
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    if (
      !link ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (link.target && link.target !== '_self') ||
      link.hasAttribute('download') ||
      link.origin !== window.location.origin
    )
      return;
    event.preventDefault();
    void navigate(`${link.pathname}${link.search}${link.hash}`);
  };
  return (
    // The listener only hands its links' clicks (keyboard ones too: Enter on a link clicks it) to the router.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      key="kept"
      data-static={id}
      className={className}
      onClick={followLink}
      // The server's own HTML, handed back unchanged: React keeps the nodes as they are.
      dangerouslySetInnerHTML={{ __html: kept.html }}
      suppressHydrationWarning
    />
  );
}
