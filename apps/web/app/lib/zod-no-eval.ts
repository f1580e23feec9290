/**
 * The page's Content-Security-Policy forbids eval (issue 8). zod 4 probes `new Function` when a schema is
 * defined, and the browser reports the refused probe as a CSP violation; in the browser we tell zod to
 * skip its compiled fast path instead. root.tsx imports this module first, so it runs before any schema
 * is defined.
 */
import { config } from 'zod/v4/core';

if (typeof document !== 'undefined') config({ jitless: true });
