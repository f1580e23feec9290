import type { Plugin } from 'vite';

export const APP_CSS_MODULE = 'virtual:parvoz/app-css';
const RESOLVED = `\0${APP_CSS_MODULE}`;
/** The id of the `<style>` element that carries the stylesheet in every page (root.tsx). */
export const APP_CSS_ELEMENT_ID = 'parvoz-css';

/**
 * `virtual:parvoz/app-css`: the site's stylesheet (app/app.css after Tailwind), inlined in every page's head
 * instead of a `<link rel="stylesheet">`, so the first paint waits for no second request
 * (docs/performance.md#speed-targets: no render-blocking stylesheet; 8 kB gzip). On the server the module is
 * the CSS text; in the browser it is the text the server already put into the page, read back from that
 * element before hydration, so the client renders the same `<style>` (and a client re-render of the document
 * never empties it) without shipping the CSS a second time inside the JavaScript.
 */
export function appCssModule(): Plugin {
  return {
    name: 'parvoz-app-css',
    resolveId: (id) => (id === APP_CSS_MODULE ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      if (this.environment.config.consumer === 'server')
        return `export { default } from '/app/app.css?inline';`;
      return `export default (typeof document !== 'undefined' && document.getElementById(${JSON.stringify(APP_CSS_ELEMENT_ID)})?.textContent) || '';`;
    },
  };
}
