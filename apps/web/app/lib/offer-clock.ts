import { useEffect, useState } from 'react';

/**
 * The offer's clock. Offers are made at `servedAt` (the server's clock, ms) and valid until `expiresAt` (UTC
 * ISO). The lifetime left is measured on the browser's own clock from the moment the offers arrived, so a wrong
 * clock on the device does not matter; a page woken from the back-forward cache or a background tab checks
 * again at once.
 */
function lifetimeMs(expiresAt: string, servedAt: number): number {
  return Date.parse(expiresAt) - servedAt;
}

/** When the offers expire on the browser's clock, for offers that arrived at `arrivedAt` (that clock's ms). */
export function offerDeadline(expiresAt: string, servedAt: number, arrivedAt: number): number {
  return arrivedAt + lifetimeMs(expiresAt, servedAt);
}

/** Whether offers with this deadline have expired at `now` (both on the browser's clock). */
export function expiredAt(deadline: number, now: number): boolean {
  return now >= deadline;
}

/** Whole seconds left before the deadline at `now`: 0 exactly when expired. */
export function secondsLeftAt(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Re-runs `check` when the page becomes visible again or is restored from the back-forward cache. */
function onWake(check: () => void): () => void {
  document.addEventListener('visibilitychange', check);
  window.addEventListener('pageshow', check);
  return () => {
    document.removeEventListener('visibilitychange', check);
    window.removeEventListener('pageshow', check);
  };
}

/** Whether the offers have expired; never, when there is no offer (`expiresAt` null). */
export function useExpired(expiresAt: string | null, servedAt: number): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (expiresAt === null) {
      setExpired(false);
      return;
    }
    const lifetime = lifetimeMs(expiresAt, servedAt);
    const arrivedAt = Date.now();
    const deadline = offerDeadline(expiresAt, servedAt, arrivedAt);
    setExpired(expiredAt(deadline, arrivedAt));
    const check = () => {
      if (expiredAt(deadline, Date.now())) setExpired(true);
    };
    const timer = window.setTimeout(check, Math.max(0, lifetime) + 50);
    const stopWake = onWake(check);
    return () => {
      window.clearTimeout(timer);
      stopWake();
    };
  }, [expiresAt, servedAt]);
  return expired;
}

/**
 * Whole seconds of the offers' lifetime left, ticking once a second. The first render (server and hydration)
 * uses the lifetime as served, so both print the same.
 */
export function useSecondsLeft(expiresAt: string, servedAt: number): number {
  // As served: the deadline as if the offers arrived the moment they were made.
  const initial = secondsLeftAt(offerDeadline(expiresAt, servedAt, servedAt), servedAt);
  const [secondsLeft, setSecondsLeft] = useState(initial);
  useEffect(() => {
    const deadline = offerDeadline(expiresAt, servedAt, Date.now());
    const tick = () => setSecondsLeft(secondsLeftAt(deadline, Date.now()));
    tick();
    const timer = window.setInterval(tick, 1000);
    const stopWake = onWake(tick);
    return () => {
      window.clearInterval(timer);
      stopWake();
    };
  }, [expiresAt, servedAt]);
  return secondsLeft;
}

/** Minutes left at which screen readers are told, politely, how long the price holds. */
export const ANNOUNCED_MINUTES = [5, 1] as const;

/**
 * The announcement due when the time left goes from `before` to `now` seconds: the threshold just crossed
 * (5 or 1 minutes), else null. Nothing is announced on arrival, only while the traveller stays on the page.
 */
export function minutesToAnnounce(before: number, now: number): number | null {
  let due: number | null = null;
  for (const minutes of ANNOUNCED_MINUTES) {
    if (before > minutes * 60 && now <= minutes * 60 && now > 0) due = minutes;
  }
  return due;
}

/** "14:05": minutes and seconds left (the digits read the same in all four languages). */
export function formatTimeLeft(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
