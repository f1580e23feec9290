/**
 * The page's Content-Security-Policy forbids eval (docs/operations.md#security-headers). zod 4 probes
 * `new Function` when an object schema is defined, and the browser reports the refused probe as a CSP
 * violation; in the browser we tell zod to skip its compiled fast path instead. root.tsx imports this module
 * first, so it runs before any schema is defined.
 *
 * It writes zod's global configuration object (`globalThis.__zod_globalConfig`, which every copy of zod
 * reads, zod/v4/core/core.js) instead of calling `config()` from zod: importing zod here would put zod on
 * every page, and most pages define no schema in the browser (JavaScript per page:
 * docs/performance.md#speed-targets).
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

if (typeof document !== 'undefined') (globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
