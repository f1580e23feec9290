import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const HOOK = path.join(ROOT, 'scripts/fast-start.ts');
const folder = mkdtempSync(path.join(tmpdir(), 'fast-start-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
  writeFileSync(path.join(folder, file), text);
}

/** What a script prints under plain Node and with scripts/fast-start.ts loaded first. */
function run(script: string, hooked: boolean) {
  return execFileSync(process.execPath, [...(hooked ? [`--import=${HOOK}`] : []), script], {
    cwd: folder,
    encoding: 'utf8',
    env: { ...process.env, NODE_COMPILE_CACHE: path.join(folder, 'cache') },
  });
}

// Installed packages of each kind the hook decides the format of: "type": "module", no type (CommonJS) with a
// nested "type": "module" folder, .mjs and .cjs files, and a relative import it leaves to Node (no extension).
write('node_modules/esm/package.json', '{ "name": "esm", "type": "module", "exports": { ".": "./a.js" } }');
write('node_modules/esm/a.js', "export { b } from './lib/b.js'; export { c } from './c.cjs';");
write('node_modules/esm/lib/b.js', "export const b = typeof require === 'undefined' ? 'b:esm' : 'b:cjs';");
write('node_modules/esm/c.cjs', "exports.c = typeof require === 'function' ? 'c:cjs' : 'c:esm';");
write('node_modules/cjs/package.json', '{ "name": "cjs", "main": "a.js" }');
write(
  'node_modules/cjs/a.js',
  "exports.a = require('./b').b + '+' + (typeof module === 'object' ? 'a:cjs' : 'a:esm');",
);
write('node_modules/cjs/b.js', "exports.b = 'b:cjs';");
write('node_modules/cjs/esm/package.json', '{ "type": "module" }');
write('node_modules/cjs/esm/d.js', "import { e } from './e.mjs'; export const d = 'd:esm+' + e;");
write('node_modules/cjs/esm/e.mjs', "export const e = 'e:esm';");
write(
  'main.mjs',
  [
    "import { b, c } from 'esm';",
    "import cjs from 'cjs';",
    "import { d } from './node_modules/cjs/esm/d.js';",
    'console.log(JSON.stringify({ b, c, a: cjs.a, d }));',
  ].join('\n'),
);

test('packages resolve and load in the same formats as under plain Node', () => {
  const plain = run('main.mjs', false);
  expect(JSON.parse(plain)).toEqual({ b: 'b:esm', c: 'c:cjs', a: 'b:cjs+a:cjs', d: 'd:esm+e:esm' });
  expect(run('main.mjs', true)).toBe(plain);
});

test('a missing file fails as under plain Node', () => {
  write('node_modules/broken/package.json', '{ "name": "broken", "type": "module", "exports": "./a.js" }');
  write('node_modules/broken/a.js', "export * from './missing.js';");
  write('broken.mjs', "import('broken').catch((error) => console.log(error.code));");
  expect(run('broken.mjs', false).trim()).toBe('ERR_MODULE_NOT_FOUND');
  expect(run('broken.mjs', true).trim()).toBe('ERR_MODULE_NOT_FOUND');
});

test("the project's own dependencies export the same names with it", () => {
  const script = path.join(ROOT, 'scripts/fast-start-exports.tmp.mjs');
  writeFileSync(
    script,
    [
      "const names = async (s) => Object.keys(await import(s)).sort().join(',');",
      "const list = ['drizzle-orm', 'drizzle-orm/pg-core', 'fastify', 'zod', 'pino', 'react-dom/server'];",
      'console.log(JSON.stringify(await Promise.all(list.map(names))));',
    ].join('\n'),
  );
  try {
    const options = { cwd: ROOT, encoding: 'utf8' as const };
    const plain = execFileSync(process.execPath, [script], options);
    expect(execFileSync(process.execPath, [`--import=${HOOK}`, script], options)).toBe(plain);
    expect(JSON.parse(plain)[0]).toContain('eq');
  } finally {
    rmSync(script);
  }
});
