import { memo, Suspense, use, useSyncExternalStore, type ReactNode } from 'react';

/**
 * A part below the fold that hydrates only when it comes near the screen or is first used (docs/performance.md,
 * "Parts hydrated on sight"). The server renders it as usual. While the page the server sent hydrates, the part
 * suspends, so React keeps its server HTML and walks none of it, until the part is within a screen of the
 * viewport or the traveller first taps, types or moves focus: then it hydrates. Rendered in the browser (a later
 * page of the visit, a list changed by a filter) it renders as any part does.
 *
 * `version`: what the part shows; while the part waits it is not rendered again while that stays the same (a render
 * that reached a waiting part would make React hydrate it at once). `eager`: hydrated with the page (the first
 * screen), the same element either way so a part that moves in a list keeps its state. Should React render a part
 * before its release all the same, it shows the server's HTML, unhydrated, until it is.
 */
export const HydrateOnSight = memo(
  function HydrateOnSight({
    id,
    eager = false,
    children,
  }: {
    id: string;
    version: unknown;
    eager?: boolean;
    children: ReactNode;
  }) {
    return (
      <Suspense fallback={<ServerCopy id={id} />}>
        <SightGate id={id} eager={eager}>
          {children}
        </SightGate>
      </Suspense>
    );
  },
  // Skipped only while waiting: once released, the part renders as any other does.
  (before, after) =>
    isWaiting(before.id) && before.id === after.id && Object.is(before.version, after.version),
);

const ATTRIBUTE = 'data-hydrate-on-sight';
const released = new Set<string>();
const waiting = new Map<string, { promise: Promise<void>; release: () => void; html: string }>();
let observer: IntersectionObserver | null = null;

/** Waiting for sight: hydrating and not released yet. */
function isWaiting(id: string): boolean {
  return waiting.has(id) && !released.has(id);
}

function release(id: string): void {
  released.add(id);
  const entry = waiting.get(id);
  entry?.release();
}

/**
 * The traveller's first tap, key or focus anywhere releases every waiting part, and any part that would wait
 * later: heard on the document before React's listeners on its root, so a part tapped or tabbed to hydrates
 * before React handles the event, and a part hydrates long before focus reaches it (its "details" toggle turns
 * into a button when it hydrates, which must not happen under the traveller's focus). Listening from the module's
 * start: a tap before the list hydrated counts too.
 */
const USE_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;
let used = false;
function releaseAll(): void {
  used = true;
  for (const type of USE_EVENTS) document.removeEventListener(type, releaseAll, { capture: true });
  for (const id of [...waiting.keys()]) release(id);
}
if (typeof document !== 'undefined')
  for (const type of USE_EVENTS)
    document.addEventListener(type, releaseAll, { capture: true, passive: true });

function sightObserver(): IntersectionObserver {
  if (observer) return observer;
  // Within a screen of the viewport: hydrated by the time the traveller scrolls to it.
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        const id = entry.target.getAttribute(ATTRIBUTE);
        if (id) release(id);
      }
    },
    { rootMargin: '100% 0px' },
  );
  return observer;
}

/** The promise a waiting part suspends on, made once per part with the server's HTML kept beside it. */
function waitFor(id: string): Promise<void> {
  const known = waiting.get(id);
  if (known) return known.promise;
  const element = document.querySelector(`[${ATTRIBUTE}="${CSS.escape(id)}"]`);
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  waiting.set(id, { promise, release: resolve, html: element?.innerHTML ?? '' });
  if (element) sightObserver().observe(element);
  else release(id);
  return promise;
}

const noSubscription = () => () => undefined;

/**
 * True while React hydrates this part (it reads a store's server value only then), also in a part that hydrates
 * after the shell (a streamed answer); false when it renders in the browser.
 */
function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/** How often each part rendered: a second render before its release is React bringing it an update. */
const renders = new Map<string, number>();

function SightGate({ id, eager, children }: { id: string; eager: boolean; children: ReactNode }) {
  const hydrating = useHydrating();
  const rendered = (renders.get(id) ?? 0) + 1;
  renders.set(id, rendered);
  if (hydrating && !eager && typeof document !== 'undefined' && !used && !released.has(id)) {
    // An update that reaches a waiting part (a transition, a context it reads) must not wait for the part's
    // sight: React would hold the update, or give up the part's server HTML. It hydrates now instead.
    if (rendered > 1) release(id);
    else use(waitFor(id));
  }
  return <div {...{ [ATTRIBUTE]: id }}>{children}</div>;
}

/** The server's HTML of a part React rendered before it was released: shown as it was, watched for sight. */
function ServerCopy({ id }: { id: string }) {
  const html = waiting.get(id)?.html ?? '';
  return (
    <div
      {...{ [ATTRIBUTE]: id }}
      ref={(element) => {
        if (element) sightObserver().observe(element);
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
