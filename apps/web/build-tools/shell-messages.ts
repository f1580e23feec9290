import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { isLocale } from '@parvoz/i18n/locales';
import {
  CONSOLE_PREFIX,
  CONTENT_PREFIX,
  adoptPageMessagesPlan,
  allMessagesFiles,
  isEmailMessage,
  shellMessagesFile,
} from '../app/lib/shell-messages.server.ts';
import { MESSAGES } from '@parvoz/i18n/messages';
import {
  ROUTE_ENTRY_QUERY,
  keysNamedIn,
  planPageMessages,
  type BundleChunk,
  type PageMessagesPlan,
} from './page-messages-plan.ts';

export const PAGE_MESSAGES_MODULE = 'virtual:parvoz/page-messages';
const RESOLVED = `\0${PAGE_MESSAGES_MODULE}`;
const WEB = path.resolve(import.meta.dirname, '..');
const REPO = path.resolve(WEB, '../..');

/**
 * The browser build's plan, for the server build that follows in the same process. On `globalThis`: Vite may
 * load this config (and so this module) afresh for each environment it builds.
 */
const builtPlan = ((
  globalThis as { __parvozPageMessagesPlan?: { plan?: PageMessagesPlan | null } }
).__parvozPageMessagesPlan ??= {});

/** The keys a page may ship: all but the information pages', the console's and the emails'. */
const shippedKeys = () =>
  new Set(
    Object.keys(MESSAGES.en).filter(
      (key) => !key.startsWith(CONTENT_PREFIX) && !key.startsWith(CONSOLE_PREFIX) && !isEmailMessage(key),
    ),
  );

/** The app modules a source imports by a relative path (`from './x.ts'`, `import('./x.ts')`). */
function relativeImports(file: string, source: string): string[] {
  return [...source.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+\.tsx?)['"]/g)].map(([, spec]) =>
    path.resolve(path.dirname(file), spec!),
  );
}

/**
 * Keys the server sends as data: named in sources the browser never loads (`*.server.ts`, the contracts', core's)
 * or in an app module a server source imports (a check only the action runs, `features/search/multi-city.ts`:
 * its code is left out of the browser's chunks, its keys with it).
 */
function serverKeys(keys: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const scan = (file: string) => {
    for (const key of keysNamedIn(readFileSync(file, 'utf8'), keys)) found.add(key);
  };
  const sources = (dir: string, take: (file: string) => boolean) =>
    (readdirSync(dir, { recursive: true }) as string[])
      .filter((file) => take(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join(dir, file));
  const serverFiles = sources(path.join(WEB, 'app'), (file) => /\.server\.tsx?$/.test(file));
  const imported = new Set(
    serverFiles.flatMap((file) => relativeImports(file, readFileSync(file, 'utf8'))).filter(existsSync),
  );
  for (const file of new Set([...serverFiles, ...imported])) scan(file);
  for (const file of sources(path.join(REPO, 'packages/contracts/src'), (f) => /\.tsx?$/.test(f))) scan(file);
  for (const file of sources(path.join(REPO, 'packages/core/src'), (f) => /\.tsx?$/.test(f))) scan(file);
  return found;
}

/**
 * Writes the messages files into the browser's build (named and written by app/lib/shell-messages.server.ts, so
 * the server names the same files in its pages) and serves them from `npm run dev`'s Vite server, which has no
 * build. The browser build decides which words each page ships (page-messages-plan.ts); the server build gets
 * that plan as `virtual:parvoz/page-messages` (entry.server.tsx). React Router builds the browser first.
 */
export function shellMessagesFiles(): Plugin {
  return {
    name: 'parvoz-shell-messages',
    resolveId: (id) => (id === PAGE_MESSAGES_MODULE ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      // A server build without the browser build's plan would name files that were never written.
      if (this.environment.config.command === 'build' && !builtPlan.plan)
        this.error('no plan of the pages’ words: the browser must be built first, in the same process');
      return `export default ${JSON.stringify(builtPlan.plan ?? null)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const chunks: BundleChunk[] = Object.values(bundle ?? {}).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                code: output.code,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                facadeModuleId: output.facadeModuleId,
              },
            ]
          : [],
      );
      const isShellEntry = (facade: string | null) =>
        facade !== null &&
        (/[\\/]entry\.client\.tsx$/.test(facade) ||
          facade.endsWith(`${path.sep}root.tsx${ROUTE_ENTRY_QUERY}`));
      const shellEntries = chunks.filter((c) => isShellEntry(c.facadeModuleId)).map((c) => c.fileName);
      const keys = shippedKeys();
      // A build without the entry and root (the unit test's empty bundle) ships every word in the shell.
      const plan =
        shellEntries.length === 2
          ? planPageMessages({
              chunks,
              keys,
              serverKeys: serverKeys(keys),
              shellEntries,
              appDirectory: `${path.join(WEB, 'app')}${path.sep}`,
            })
          : null;
      builtPlan.plan = plan;
      adoptPageMessagesPlan(plan);
      for (const { fileName, source } of allMessagesFiles())
        this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const locale = /^\/assets\/messages-([a-z]{2})-[\w-]+\.js$/.exec(request.url ?? '')?.[1];
        if (!locale || !isLocale(locale)) return next();
        response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        response.end(shellMessagesFile(locale).source);
      });
    },
  };
}
