/**
 * Calendar days and IANA time zones for the schedule, using only `Intl` (no I/O, no clock).
 *
 * Days are integers: days since 1970-01-01 (a "day number"). UTC offsets are minutes east of UTC.
 * Each zone's DST transitions are found once per calendar year (one Intl call per week + a
 * minute-precise bisection around each change) and cached, so offset look-ups are a few
 * comparisons.
 */

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** 'YYYY-MM-DD' → day number, or null if not a real calendar date. */
export function parseDay(iso: string): number | null {
  if (iso.length !== 10 || iso[4] !== '-' || iso[7] !== '-') return null;
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const d = Number(iso.slice(8, 10));
  if (
    !Number.isInteger(y) ||
    !Number.isInteger(m) ||
    !Number.isInteger(d) ||
    !/^\d{4}-\d{2}-\d{2}$/.test(iso)
  )
    return null;
  return dayFromParts(y, m, d);
}

/** Day number of a calendar date (month 1–12), or null if the date does not exist. */
export function dayFromParts(y: number, m: number, d: number): number | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const ms = Date.UTC(y, m - 1, d);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Day number → 'YYYY-MM-DD'. */
export function formatDay(day: number): string {
  const date = new Date(day * DAY_MS);
  return `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** Day of week, Monday = 0 … Sunday = 6. */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Day number of the UTC calendar date of an instant. */
export function utcDayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** "+05:00" / "-03:30" / "+00:00". */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/** Local ISO date-time with offset, e.g. "2026-12-15T08:40:00+05:00". */
export function formatLocalIso(utcMs: number, offsetMinutes: number): string {
  const date = new Date(utcMs + offsetMinutes * MINUTE_MS);
  return (
    `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}` +
    `T${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}` +
    formatOffset(offsetMinutes)
  );
}

/** ISO 8601 duration of whole minutes: "PT5H40M", "PT45M", "PT3H". */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `PT${rest}M`;
  return rest === 0 ? `PT${h}H` : `PT${h}H${rest}M`;
}

interface YearTable {
  /** Offset in force at the first instant of the year (UTC). */
  readonly start: number;
  /** Instants (UTC ms) at which the offset changes, ascending, and the offset from then on. */
  readonly at: readonly number[];
  readonly offset: readonly number[];
}

/** Offsets of one IANA zone, computed lazily per year. */
export interface TimeZone {
  readonly name: string;
  /** UTC offset in minutes at an instant. */
  offsetAt(utcMs: number): number;
  /**
   * Instant of a local wall-clock time (`localMs` = the wall time read as if it were UTC).
   * Times in a spring-forward gap move forward by the gap; ambiguous times take the earlier instant.
   */
  toUtc(localMs: number): number;
}

const zones = new Map<string, TimeZone>();

/** The zone of an IANA name; unknown names fall back to UTC (the data is validated at build). */
export function timeZone(name: string): TimeZone {
  let zone = zones.get(name);
  if (!zone) {
    zone = createTimeZone(name);
    zones.set(name, zone);
  }
  return zone;
}

export function isValidTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function createTimeZone(name: string): TimeZone {
  const zoneName = isValidTimeZone(name) ? name : 'UTC';
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zoneName,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  // One Intl call: offset (minutes) at a whole-minute instant. Output looks like "3/29/2026, 01:00".
  const rawOffset = (utcMs: number): number => {
    const s = format.format(utcMs);
    const m = /^(\d+)\/(\d+)\/(-?\d+),? (\d+):(\d+)/.exec(s);
    if (!m) throw new Error(`unexpected Intl output: ${s}`);
    const wall = Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), Number(m[4]) % 24, Number(m[5]));
    return Math.round((wall - utcMs) / MINUTE_MS);
  };
  const years = new Map<number, YearTable>();
  const yearTable = (year: number): YearTable => {
    let table = years.get(year);
    if (table) return table;
    const first = Date.UTC(year, 0, 1);
    const next = Date.UTC(year + 1, 0, 1);
    const start = rawOffset(first);
    const at: number[] = [];
    const offset: number[] = [];
    let prevT = first;
    let prev = start;
    // Weekly samples, bisected where the offset differs (zones never change twice within a week).
    for (let t = Math.min(first + 7 * DAY_MS, next); ; t = Math.min(t + 7 * DAY_MS, next)) {
      const cur = rawOffset(t);
      if (cur !== prev) {
        // Bisect to the first minute with the new offset.
        let lo = prevT;
        let hi = t;
        while (hi - lo > MINUTE_MS) {
          const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
          if (rawOffset(mid) === prev) lo = mid;
          else hi = mid;
        }
        if (hi < next) {
          at.push(hi);
          offset.push(cur);
        }
        prev = cur;
      }
      prevT = t;
      if (t >= next) break;
    }
    table = { start, at, offset };
    years.set(year, table);
    return table;
  };
  // The table used last, and the instants it covers (saves a Date per look-up).
  let lastTable: YearTable | null = null;
  let lastFrom = 0;
  let lastTo = -1;
  const offsetAt = (utcMs: number): number => {
    let table: YearTable;
    if (utcMs >= lastFrom && utcMs < lastTo) table = lastTable!;
    else {
      const year = new Date(utcMs).getUTCFullYear();
      table = yearTable(year);
      lastTable = table;
      lastFrom = Date.UTC(year, 0, 1);
      lastTo = Date.UTC(year + 1, 0, 1);
    }
    let off = table.start;
    for (let i = 0; i < table.at.length; i++) {
      if (utcMs >= table.at[i]!) off = table.offset[i]!;
      else break;
    }
    return off;
  };
  const toUtc = (localMs: number): number => {
    const before = offsetAt(localMs - DAY_MS);
    const after = offsetAt(localMs + DAY_MS);
    const u1 = localMs - before * MINUTE_MS;
    if (before === after && offsetAt(u1) === before) return u1;
    const u2 = localMs - after * MINUTE_MS;
    const ok1 = offsetAt(u1) === before;
    const ok2 = offsetAt(u2) === after;
    if (ok1 && ok2) return Math.min(u1, u2);
    if (ok1) return u1;
    if (ok2) return u2;
    return u1; // in a gap: the wall time does not exist; move it forward by the gap
  };
  return { name: zoneName, offsetAt, toUtc };
}
