import type { Locale } from '@parvoz/i18n/locales';
import { createLimiter } from './limiter.ts';
import { loadPageMessagesFor } from './shell-messages.ts';

/** Spec §9 constants. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const BUILD_CHECK_DELAY_MS = 1_000;
export const SCROLL_AFTER_NAVIGATION_MS = 100;
export const PREFETCH_CONCURRENCY = 5;
export const COLOR_MODE_KEY = 'parvoz-color-mode';

/** Stores the default light colour mode on start (spec §2). */
export function ensureLightColorMode(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string {
  const stored = storage.getItem(COLOR_MODE_KEY);
  if (stored) return stored;
  storage.setItem(COLOR_MODE_KEY, 'light');
  return 'light';
}

/** True when a reload for this path is allowed: at most one per path within 10 s (spec §8). */
export function shouldReloadAfterChunkError(
  path: string,
  now: number,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): boolean {
  const key = `parvoz-chunk-reload:${path}`;
  const last = Number(storage.getItem(key) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  return true;
}

export function installChunkReloadGuard(): void {
  const onChunkError = () => {
    if (shouldReloadAfterChunkError(location.pathname, Date.now())) location.reload();
  };

  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    onChunkError();
  });
  window.addEventListener('unhandledrejection', (event) => {
    const message = String((event.reason as Error | undefined)?.message ?? event.reason ?? '');
    if (
      /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message)
    ) {
      onChunkError();
    }
  });
}

/**
 * Loads the words of the routes a navigation to `url` shows (shell-messages.ts `loadPageMessagesFor`). A file
 * that cannot be loaded (offline, or gone with a deploy that changed only words: the route chunks name keys, so
 * the build's version did not change) loads the page as a document instead, once per path as for a chunk; past
 * that the page shows, its missing words as keys (said on the console).
 */
export async function loadPageWordsOrReload(url: URL, locale?: Locale): Promise<void> {
  try {
    await loadPageMessagesFor(url, locale);
  } catch {
    if (!shouldReloadAfterChunkError(url.pathname, Date.now())) return;
    location.assign(url.href);
    // Nothing more of this navigation: the document load replaces the page.
    await new Promise(() => {});
  }
}

/**
 * React Router's own reload after a failed route module asks here first
 * (build-tools/route-module-reload-guard.ts): undefined lets it reload, else `standIn` is used as the module.
 */
export function installRouteModuleGuard(standIn: { default: unknown }): void {
  (window as { __parvozRouteModuleFallback?: () => object | undefined }).__parvozRouteModuleFallback = () =>
    shouldReloadAfterChunkError(location.pathname, Date.now()) ? undefined : standIn;
}

type NetworkInformationLike = { effectiveType?: string };

/** Checks /_build/latest.json about 1 s after load (not on slow-2g) and then every 10 minutes. */
export function startBuildPolling(currentVersion: string | undefined, onNewBuild: () => void): () => void {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!currentVersion || connection?.effectiveType === 'slow-2g') return () => {};
  let stopped = false;
  let timer: ReturnType<typeof setTimeout>;
  const check = async () => {
    try {
      const response = await fetch('/_build/latest.json', { cache: 'no-store' });
      if (response.ok) {
        const latest = (await response.json()) as { version?: string };
        if (latest.version && latest.version !== currentVersion) {
          onNewBuild();
          return;
        }
      }
    } catch {
      // Offline or server restarting: try again next round.
    }
    if (!stopped) timer = setTimeout(check, 10 * 60_000);
  };
  timer = setTimeout(check, BUILD_CHECK_DELAY_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

const prefetchLimit = createLimiter(PREFETCH_CONCURRENCY);
const prefetched = new Set<string>();

/** Warms route modules in the background, at most 5 fetches at a time (spec §9). */
export function prefetchModules(urls: string[]): Promise<unknown> {
  return Promise.allSettled(
    urls
      .filter((url) => !prefetched.has(url))
      .map((url) => {
        prefetched.add(url);
        return prefetchLimit(() => import(/* @vite-ignore */ url));
      }),
  );
}

type ManifestLike = { routes: Record<string, { module: string } | undefined> };

/** Route ids (routes.ts) of the pages the footer and the header link to on every page. */
export function isShellLinkRoute(id: string): boolean {
  return id.startsWith('info-') || id.startsWith('routes/info/') || id === 'routes/site/settings';
}

/** The modules of the pages the shell links to everywhere (footer and settings), warmed when the browser is idle. */
export function prefetchShellRoutes(): void {
  const manifest = (window as { __reactRouterManifest?: ManifestLike }).__reactRouterManifest;
  if (!manifest) return;
  const urls = Object.entries(manifest.routes)
    .filter(([id]) => isShellLinkRoute(id))
    .map(([, route]) => route?.module)
    .filter((url): url is string => Boolean(url));
  // The information pages share one module (routes.ts gives it an id per path): fetched once.
  const unique = [...new Set(urls)];
  const start = () => void prefetchModules(unique);
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 1500);
}
