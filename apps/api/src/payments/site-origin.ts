import type { FastifyInstance } from 'fastify';

/**
 * The site's own origin for server-to-server calls (the sandbox's webhook): PUBLIC_URL when set, else the
 * address this process listens on (0.0.0.0 and :: become loopback). null when not listening (inject tests).
 */
export function siteOrigin(app: FastifyInstance, publicUrl: string | undefined): string | null {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
