import { readFileSync, readdirSync } from 'node:fs';
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

/** Keys named in sources the browser never loads (`*.server.ts`, the contracts', core's): sent as data. */
function serverKeys(keys: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const read = (dir: string, take: (file: string) => boolean) => {
    for (const file of readdirSync(dir, { recursive: true }) as string[])
      if (take(file) && !/\.test\.tsx?$/.test(file))
        for (const key of keysNamedIn(readFileSync(path.join(dir, file), 'utf8'), keys)) found.add(key);
  };
  read(path.join(WEB, 'app'), (file) => /\.server\.tsx?$/.test(file));
  read(path.join(REPO, 'packages/contracts/src'), (file) => /\.tsx?$/.test(file));
  read(path.join(REPO, 'packages/core/src'), (file) => /\.tsx?$/.test(file));
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
