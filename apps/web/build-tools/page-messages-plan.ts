/**
 * Which words each page ships (docs/performance.md, "Words per page"): read from the browser build itself. A
 * message key the browser can format is a string literal in some chunk (`t('booking.submit')`, a table of keys)
 * or a key prefix a template completes (`t(\`tours.board.${code}\`)`); a page can show what its route's chunk
 * and every chunk that one imports, statically or lazily, name. The shell's file carries what the entry and root
 * name; each route's file what its own chunks name beyond the shell.
 *
 * Some keys reach the browser as data: an action's error (`booking.error.phone`), a rule's message from the
 * contracts or core. A route also gets every such key (`serverKeys`, named in server-only sources) of an area
 * (a key's first word: `booking`, `manage`) its chunks use, so a page that shows one area's words can show any
 * of that area's answers.
 */

export type BundleChunk = {
  fileName: string;
  code: string;
  imports: readonly string[];
  dynamicImports: readonly string[];
  facadeModuleId: string | null;
};

/** A route's words beyond the shell's, by the route chunk's address (React Router's manifest `module`). */
export type PageMessagesPlan = {
  shell: string[];
  pages: Record<string, { name: string; keys: string[] }>;
};

/** React Router's query on a route's entry chunk in the browser build (@react-router/dev). */
export const ROUTE_ENTRY_QUERY = '?__react-router-build-client-route';

const LITERAL = /["'`]([A-Za-z][\w-]*(?:\.[\w-]+)+)["'`]/g;
// `prefix.${x}` in a template, or "prefix."+x once minified.
const PREFIX = /(?:`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{)|(?:["']([A-Za-z][\w-]*(?:\.[\w-]+)*\.)["']\s*\+)/g;

/** The message keys a piece of code names: its literals that are keys, and every key of a prefix it completes. */
export function keysNamedIn(code: string, keys: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const [, key] of code.matchAll(LITERAL)) if (key && keys.has(key)) found.add(key);
  for (const [, template, joined] of code.matchAll(PREFIX)) {
    const prefix = template ?? joined;
    if (prefix) for (const key of keys) if (key.startsWith(prefix)) found.add(key);
  }
  return found;
}

const area = (key: string) => key.slice(0, key.indexOf('.'));

function closure(start: readonly string[], chunks: ReadonlyMap<string, BundleChunk>): string[] {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = chunks.get(file);
    if (chunk) stack.push(...chunk.imports, ...chunk.dynamicImports);
  }
  return [...seen];
}

/** `/abs/app/routes/flights/booking.tsx?…` → `routes-flights-booking`: a readable part of the file's name. */
function pageName(facade: string, appDirectory: string): string {
  const file = facade.slice(0, facade.indexOf('?'));
  const relative = file.startsWith(appDirectory) ? file.slice(appDirectory.length) : file;
  return relative
    .replace(/\.[jt]sx?$/, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function planPageMessages(input: {
  chunks: readonly BundleChunk[];
  /** Every key a page may ship (not the information pages', the console's or the emails'). */
  keys: ReadonlySet<string>;
  /** Keys named in server-only sources: sent to the browser as data. */
  serverKeys: ReadonlySet<string>;
  /** The chunks that start every page: the entry and root's. */
  shellEntries: readonly string[];
  appDirectory: string;
}): PageMessagesPlan {
  const byFile = new Map(input.chunks.map((c) => [c.fileName, c]));
  const named = new Map<string, Set<string>>();
  const keysOf = (files: readonly string[]) => {
    const found = new Set<string>();
    for (const file of files) {
      let keys = named.get(file);
      if (!keys) {
        keys = keysNamedIn(byFile.get(file)?.code ?? '', input.keys);
        named.set(file, keys);
      }
      for (const key of keys) found.add(key);
    }
    const areas = new Set([...found].map(area));
    for (const key of input.serverKeys) if (areas.has(area(key)) && input.keys.has(key)) found.add(key);
    return found;
  };
  const shell = keysOf(closure(input.shellEntries, byFile));
  const pages: PageMessagesPlan['pages'] = {};
  // A route's other chunks (React Router splits a clientAction, clientLoader… off) count as its own.
  const routeFiles = new Map<string, string[]>();
  for (const chunk of input.chunks) {
    const facade = chunk.facadeModuleId;
    if (!facade?.includes('?')) continue;
    const file = facade.slice(0, facade.indexOf('?'));
    if (!facade.endsWith(ROUTE_ENTRY_QUERY) && !routeFiles.has(file)) routeFiles.set(file, []);
    routeFiles.get(file)?.push(chunk.fileName);
  }
  for (const chunk of input.chunks) {
    const facade = chunk.facadeModuleId;
    if (!facade?.endsWith(ROUTE_ENTRY_QUERY)) continue;
    const file = facade.slice(0, facade.indexOf('?'));
    if (input.shellEntries.includes(chunk.fileName)) continue;
    const own = [...keysOf(closure([chunk.fileName, ...(routeFiles.get(file) ?? [])], byFile))]
      .filter((key) => !shell.has(key))
      .sort();
    if (own.length) pages[`/${chunk.fileName}`] = { name: pageName(facade, input.appDirectory), keys: own };
  }
  return { shell: [...shell].sort(), pages };
}
