/**
 * Loaded before anything else by every process that runs the site or the tests (`node --import
 * ./scripts/fast-start.ts`, scripts/start.ts, vitest.config.ts), to start faster (docs/performance.md):
 *
 * - Relative imports between the files of an installed package are resolved without Node's per-file
 *   package.json lookup. Node 24 (and 26) reads and deserialises the nearest package.json, `exports` map
 *   included, for every file it loads to learn the file's module format (nodejs/node#58126): for drizzle-orm,
 *   whose package.json maps 447 entry points in 179 kB, that was 1.4 s of every start (0.1 s without the map).
 *   Here each package.json is read once; everything else (bare, extensionless or directory specifiers, the
 *   project's own files) still goes to Node's resolver.
 * - Node's compile cache keeps compiled modules (and stripped TypeScript) on disk between starts.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { enableCompileCache, registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A directory's module type ("type" of its nearest package.json), found once per directory. */
const typeOfDirectory = new Map<string, 'module' | 'commonjs' | undefined>();

/** undefined when a package.json on the way cannot be parsed: Node's own resolver then reports it. */
function packageType(directory: string): 'module' | 'commonjs' | undefined {
  if (typeOfDirectory.has(directory)) return typeOfDirectory.get(directory);
  let type: 'module' | 'commonjs' | undefined;
  let manifest: string | undefined;
  try {
    manifest = readFileSync(path.join(directory, 'package.json'), 'utf8');
  } catch {
    manifest = undefined;
  }
  if (manifest !== undefined) {
    try {
      type = (JSON.parse(manifest) as { type?: string }).type === 'module' ? 'module' : 'commonjs';
    } catch {
      type = undefined;
    }
  } else {
    const parent = path.dirname(directory);
    type = parent === directory ? 'commonjs' : packageType(parent);
  }
  typeOfDirectory.set(directory, type);
  return type;
}

const FORMAT_OF_EXTENSION: Record<string, (file: string) => 'module' | 'commonjs' | undefined> = {
  '.js': (file) => packageType(path.dirname(file)),
  '.mjs': () => 'module',
  '.cjs': () => 'commonjs',
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      parent?.startsWith('file:') &&
      parent.includes('/node_modules/') &&
      (specifier.startsWith('./') || specifier.startsWith('../')) &&
      !context.importAttributes?.type
    ) {
      const format = FORMAT_OF_EXTENSION[path.extname(specifier)];
      const target = new URL(specifier, parent);
      if (format && !target.search && !target.hash) {
        let file: string | undefined;
        try {
          file = statSync(fileURLToPath(target)).isFile() ? realpathSync(fileURLToPath(target)) : undefined;
        } catch {
          file = undefined;
        }
        const fileFormat = file && format(file);
        if (fileFormat) return { url: pathToFileURL(file!).href, format: fileFormat, shortCircuit: true };
      }
    }
    return nextResolve(specifier, context);
  },
});

enableCompileCache();
