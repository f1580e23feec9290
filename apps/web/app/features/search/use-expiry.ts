import { useEffect, useState } from 'react';

/**
 * Whether offers made at `servedAt` (server clock, ms) and valid until `expiresAt` (UTC ISO) have expired.
 * The lifetime left is measured on the browser's own clock from the moment the offers arrived, so a wrong
 * clock on either side does not matter; a page woken from the back-forward cache or a background tab checks
 * again at once.
 */
export function useExpired(expiresAt: string, servedAt: number): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const lifetime = Date.parse(expiresAt) - servedAt;
    const deadline = Date.now() + lifetime;
    setExpired(lifetime <= 0);
    const check = () => {
      if (Date.now() >= deadline) setExpired(true);
    };
    const timer = window.setTimeout(check, Math.max(0, lifetime) + 50);
    document.addEventListener('visibilitychange', check);
    window.addEventListener('pageshow', check);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('pageshow', check);
    };
  }, [expiresAt, servedAt]);
  return expired;
}
