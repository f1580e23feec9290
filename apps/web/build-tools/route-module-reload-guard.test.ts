import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from 'vitest';
import { routeModuleReloadGuard } from './route-module-reload-guard.ts';

const require = createRequire(import.meta.url);
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');

type Transform = (this: { error(message: string): never }, code: string, id: string) => string | null;
const transform = routeModuleReloadGuard().transform as Transform;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

test.each(['production', 'development'])(
  "React Router's %s build asks the guard before it reloads",
  (build) => {
    const id = path.join(reactRouterDist, build, 'lib/dom/ssr/routeModules.js');
    const guarded = transform.call(context, readFileSync(id, 'utf8'), id);
    expect(guarded).toContain('window.__parvozRouteModuleFallback()');
    expect(guarded!.indexOf('__parvozRouteModuleFallback')).toBeLessThan(
      guarded!.indexOf('location.reload()'),
    );
  },
);

test('other modules are left alone, and a changed React Router fails the build', () => {
  expect(transform.call(context, 'window.location.reload();', '/x/app/root.tsx')).toBeNull();
  const id = path.join(reactRouterDist, 'production/lib/dom/ssr/routeModules.js');
  expect(() => transform.call(context, 'location.reload()', id)).toThrow(/update the reload guard/);
});
