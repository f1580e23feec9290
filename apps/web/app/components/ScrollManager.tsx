import { useContext, useEffect, useLayoutEffect } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation } from 'react-router';
import { SCROLL_AFTER_NAVIGATION_MS } from '../lib/shell.client.ts';

const STORAGE_KEY = 'parvoz-scroll-positions';
const positions: Record<string, number> = {};

/**
 * React Router's <ScrollRestoration>, with the one difference the spec asks for (§9, "scroll after route
 * change: about 100 ms delay"): a new page scrolls to the top once, 100 ms after it is shown. Back and
 * forward restore the position at once; `#hash` scrolls to its element; `preventScrollReset` keeps the place.
 * (Keeping <ScrollRestoration> and adding a delayed scroll scrolled to the top twice.)
 */
export function ScrollManager() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();
  const restore = state?.restoreScrollPosition;
  const keep = state?.preventScrollReset;

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or blocked: back and forward still work within this page load.
      }
      // A reload or a visit to another site lets the browser restore the place itself.
      window.history.scrollRestoration = 'auto';
    };
    const resume = () => (window.history.scrollRestoration = 'manual');
    window.addEventListener('pagehide', save);
    window.addEventListener('pageshow', resume);
    return () => {
      window.removeEventListener('pagehide', save);
      window.removeEventListener('pageshow', resume);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    try {
      Object.assign(positions, JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}'));
    } catch {
      // Unreadable: start afresh.
    }
    // The router records the position of the page it leaves (keyed by history entry) and hands it back on POP.
    return router?.enableScrollRestoration(positions, () => window.scrollY);
  }, [router]);

  useLayoutEffect(() => {
    if (restore === false || restore === undefined) return;
    if (typeof restore === 'number') {
      window.scrollTo(0, restore);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(safeDecode(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (keep) return;
    const timer = setTimeout(() => window.scrollTo(0, 0), SCROLL_AFTER_NAVIGATION_MS);
    return () => clearTimeout(timer);
  }, [location, restore, keep]);

  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
