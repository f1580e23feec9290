import { Transform } from 'node:stream';
import { PAGE_MESSAGES_ATTRIBUTE } from './shell-messages.ts';

/**
 * Paint first, then fetch the JavaScript (docs/performance.md#speed-targets).
 *
 * React Router's `<Scripts>` names every module of the page in `<link rel="modulepreload">` tags (hoisted into
 * the head, where the preload scanner finds them at once) and starts them from an inline module script. On a
 * fast connection all ~150 kB of them arrive before the browser has painted the page, so the first paint
 * waits behind their download and evaluation; on a slow one they take bandwidth from the page itself. Nothing
 * on the page needs them to show: every page is rendered on the server and its forms work without scripts.
 *
 * This rewrites the page as it streams out: the modulepreload links and the inline module script leave the
 * HTML and come back as one small inline classic script that adds them (same order, same nonce, a few per
 * task) as soon as the browser has painted the page's first text (its `first-contentful-paint` entry), at the
 * latest a second after the page was parsed, and at once in a tab that is not visible (nothing is painted
 * there).
 * Hydration is unchanged: the same modules run in the same order, a frame later.
 */

/**
 * One modulepreload link the page named, as the boot script adds it back; `page`: the route chunk a route's
 * own words belong to (root.tsx, lib/shell-messages.ts `PAGE_MESSAGES_ATTRIBUTE`).
 */
export type BootLink = { href: string; id?: string; page?: string };

const LINK = /<link rel="modulepreload"([^>]*?)\/?>/g;
/** React Router's inline module script (`<script nonce type="module" async>`), the page's one such. */
const MODULE_SCRIPT = /<script([^>]*?) type="module" async=""([^>]*)>([\s\S]*?)<\/script>/;
const MODULE_MARK = ' type="module" async=""';

/** The attribute's value in a tag's attribute text, with the entities React writes decoded. */
function attribute(attributes: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1];
  return value
    ?.replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/**
 * Runs in the browser as the page's inline boot script: no imports, no closures over this module (it is
 * sent as its source text).
 */
function boot(links: BootLink[], source: string, batch: number) {
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? '';
  const elements: HTMLElement[] = [];
  // Each added link starts a request, ~1 ms of a phone's main thread: a few per task, so adding ~45 of them
  // never makes one long task. A message channel, not a timer: timers wait a second in a hidden tab.
  const channel = new MessageChannel();
  const addBatch = () => {
    const added = document.createDocumentFragment();
    for (const element of elements.splice(0, batch)) added.appendChild(element);
    document.head.appendChild(added);
    if (elements.length > 0) channel.port2.postMessage(null);
    else channel.port1.close();
  };
  channel.port1.onmessage = addBatch;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const link of links) {
      const element = document.createElement('link');
      element.rel = 'modulepreload';
      element.href = link.href;
      if (link.id) element.id = link.id;
      // PAGE_MESSAGES_ATTRIBUTE: this function is sent as its source text, so it names no import.
      if (link.page) element.setAttribute('data-page-messages', link.page);
      element.nonce = nonce;
      elements.push(element);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.nonce = nonce;
    script.textContent = source;
    elements.push(script);
    addBatch();
  };
  if (document.visibilityState !== 'visible') return start();
  if (PerformanceObserver.supportedEntryTypes?.includes('paint'))
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  // Without paint timing: a frame's callbacks run before it is painted, the timeout after it.
  else requestAnimationFrame(() => setTimeout(start, 0));
  // A page painted late (a slow phone) or given no frame (a throttled renderer) still starts.
  setTimeout(start, 1000);
}

/** Links the boot script adds per task (see `boot`). */
export const BOOT_BATCH = 4;

/** JSON that is safe inside an inline `<script>` (no `</script>` or `<!--` can appear in it). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e');

/**
 * The page with its modulepreload links and React Router's module script replaced by the boot script, or
 * null when the text holds no complete module script yet (or none at all: an error before the shell).
 */
export function paintFirst(html: string): string | null {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return null;
  const [tag, before, after, source] = script as unknown as [string, string, string, string];
  const head = html.slice(0, script.index);
  const links: BootLink[] = [];
  const withoutLinks = head.replace(LINK, (_link, attributes: string) => {
    const href = attribute(attributes, 'href');
    if (!href) return _link;
    const id = attribute(attributes, 'id');
    const page = attribute(attributes, PAGE_MESSAGES_ATTRIBUTE);
    links.push({ href, ...(id ? { id } : {}), ...(page ? { page } : {}) });
    return '';
  });
  const nonce = attribute(before + after, 'nonce');
  const bootTag = `<script${nonce === undefined ? '' : ` nonce="${nonce}"`}>(${boot.toString()})(${scriptJson(links)},${scriptJson(source)},${BOOT_BATCH})</script>`;
  return withoutLinks + bootTag + html.slice(script.index + tag.length);
}

/**
 * The page stream rewritten by `paintFirst`: held until React Router's module script has passed (it is in
 * the shell, written at once), then passed through. A page without one goes out unchanged.
 *
 * The text is read as Latin-1, one character per byte, so a character split between two chunks is never
 * cut: everything matched is ASCII, and every other byte goes back out as it came.
 */
export function paintFirstStream(): Transform {
  let held = '';
  let passing = false;
  // Where the module script's attributes are, once seen: each chunk is searched once, not the whole page again.
  let script = -1;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passing) return callback(null, chunk);
      const from = Math.max(0, held.length - MODULE_MARK.length);
      held += chunk.toString('latin1');
      if (script < 0) script = held.indexOf(MODULE_MARK, from);
      const end = script < 0 ? -1 : held.indexOf('</script>', Math.max(script, from));
      const rewritten = end >= 0 ? paintFirst(held) : null;
      if (rewritten === null) return callback();
      passing = true;
      held = '';
      callback(null, Buffer.from(rewritten, 'latin1'));
    },
    flush(callback) {
      callback(null, passing ? null : Buffer.from(held, 'latin1'));
    },
  });
}
