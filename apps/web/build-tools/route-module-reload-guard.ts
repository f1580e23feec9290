import type { Plugin } from 'vite';

/** What React Router 8 does when a route module fails to load: reload the page, every time. */
const UNGUARDED_RELOAD = /window\.location\.reload\(\);(\s*)return new Promise\(\(\) => \{\}\);/;

/**
 * Spec §8: "Chunk load failure: page reloads once per path within a 10-second guard". React Router reloads
 * on every failed route-module import (lib/dom/ssr/routeModules.js), so a chunk that stays missing would
 * reload again on every click. This build step makes that reload ask the app's guard first
 * (`window.__parvozRouteModuleFallback`, installed by root.tsx): when the guard refuses it returns a stand-in
 * module whose page is the generic error page, used for this navigation only (not cached, so a later
 * navigation tries the real module again). The build fails if React Router's code changes shape.
 */
export function routeModuleReloadGuard(): Plugin {
  return {
    name: 'parvoz-route-module-reload-guard',
    enforce: 'pre',
    transform(code, id) {
      if (!/react-router\/dist\/[a-z]+\/lib\/dom\/ssr\/routeModules\.js$/.test(id.split('?')[0]!))
        return null;
      if (!UNGUARDED_RELOAD.test(code))
        this.error(
          'React Router changed how it reloads after a route module fails: update the reload guard.',
        );
      return code.replace(
        UNGUARDED_RELOAD,
        'var standIn = window.__parvozRouteModuleFallback && window.__parvozRouteModuleFallback();$1if (standIn) return standIn;$1window.location.reload();$1return new Promise(() => {});',
      );
    },
  };
}
