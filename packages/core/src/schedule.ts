/**
 * Deterministic flight schedule over the static network (docs/design.md §3).
 *
 * Every route + airline gets, from the seed, a weekly pattern of "slots": a local departure time,
 * the weekdays it operates, an aircraft and a flight number (unique per airline, 1..9999). Nothing
 * is materialised per date: a flight instance is (slot, local departure day) and is expanded on
 * demand; `departuresOn` keeps a small cache of expanded airport-days.
 *
 * Block time = 30 min taxi/climb allowance + great-circle distance flown at the aircraft class
 * speed with a 6 % routing allowance, rounded to 5 minutes. Local times use each airport's IANA
 * zone (DST-correct via Intl).
 */
import type { Network } from './network.ts';
import {
  AIRCRAFT_CLASSES,
  DEFAULT_AIRCRAFT,
  MAX_SPEED_KMH,
  aircraftClass,
  type AircraftClass,
} from './schedule-aircraft.ts';
import { hash32, prng } from './schedule-random.ts';
import {
  DAY_MS,
  MINUTE_MS,
  formatDay,
  formatLocalIso,
  parseDay,
  timeZone,
  weekdayOf,
  type TimeZone,
} from './schedule-time.ts';

/** Flights can be searched and booked from today for this many days (today included). */
export const HORIZON_DAYS = 330;

import type { Cabin } from './vocabulary.ts';
export { CABINS, type Cabin } from './vocabulary.ts';

/** One flight on one date. */
export interface FlightInstance {
  /** `${carrier}${number}-${local departure date}`, e.g. "HY601-2026-12-15". */
  key: string;
  carrier: string;
  number: number;
  origin: string;
  destination: string;
  /** Epoch milliseconds. */
  departUtc: number;
  arriveUtc: number;
  /** Local ISO date-times with offset, e.g. "2026-12-15T08:40:00+05:00". */
  departLocal: string;
  arriveLocal: string;
  /** IATA aircraft code. */
  aircraft: string;
  capacity: { economy: number; business: number };
  /** Scheduled block time in minutes. */
  durationMinutes: number;
  distanceKm: number;
}

export interface ScheduleOptions {
  /** Same seed (and network) → same schedule. */
  seed: string | number;
  /** Multiplies every route's frequency (default 1; tests use it to make small networks busy). */
  frequencyScale?: number;
}

const CLASS_CODES: readonly AircraftClass[] = ['wide', 'narrow', 'regional', 'turboprop'];

/**
 * Block minutes for a distance and class; `variation` in [0, 1) stretches it by -3 % … +6 %
 * (airlines schedule the same route a little differently by time of day).
 */
export function blockMinutes(distanceKm: number, cls: AircraftClass, variation = 1 / 3): number {
  const raw = (30 + (distanceKm / AIRCRAFT_CLASSES[cls].speedKmh) * 60 * 1.06) * (0.97 + 0.09 * variation);
  return Math.max(35, Math.round(raw / 5) * 5);
}

/** A lower bound of blockMinutes for any aircraft over at least this distance. */
export function minBlockMinutes(distanceKm: number): number {
  return Math.max(35, (30 + (distanceKm / MAX_SPEED_KMH) * 60 * 1.06) * 0.97 - 2.5);
}

export interface Schedule {
  readonly network: Network;
  readonly seed: string;
  readonly slotCount: number;
  /** Slots of route r: routeSlotStart[r] .. routeSlotStart[r + 1] - 1 (routes are grouped by origin). */
  readonly routeSlotStart: Int32Array;
  readonly slotRoute: Int32Array;
  /** Nominal local departure time, minutes after midnight (fares use it for demand). */
  readonly slotMinute: Int16Array;
  /**
   * Actual local departure time on each weekday: index slot * 7 + weekday (Monday = 0). Services
   * move by up to ±1 h from day to day (which also keeps connections from missing every day).
   */
  readonly slotDepartMinute: Int16Array;
  /** Operating weekdays, bit 0 = Monday … bit 6 = Sunday. */
  readonly slotDays: Uint8Array;
  readonly slotNumber: Int16Array;
  readonly slotBlock: Int16Array;
  /** Index into aircraftCodes. */
  readonly slotAircraft: Int16Array;
  /** 0 wide, 1 narrow, 2 regional, 3 turboprop. */
  readonly slotClass: Uint8Array;
  /** A per-slot random 32-bit value (pricing jitter). */
  readonly slotHash: Uint32Array;
  readonly aircraftCodes: readonly string[];
  /** Seats of a slot's aircraft in a cabin. */
  capacity(slot: number, cabin: Cabin): number;
  /** UTC departure of a slot on a local day, or NaN if it does not operate that day. */
  departUtc(slot: number, day: number): number;
  /** Flight key of a slot on a local day (no check that it operates). */
  flightKey(slot: number, day: number): string;
  /** Expands one flight (the slot must operate that day). */
  instance(slot: number, day: number): FlightInstance;
  /** Decodes a flight key; null when the key does not name an operating flight. */
  resolveKey(key: string): { slot: number; day: number } | null;
  /** The flight named by a key, or null. */
  flightByKey(key: string): FlightInstance | null;
  /** All departures of an airport on a local date (YYYY-MM-DD), by departure time. Cached. */
  departuresOn(airport: string, date: string): readonly FlightInstance[];
  /** The time zone of an airport (by index). */
  zoneOf(airport: number): TimeZone;
  /** UTC offset (minutes) of an airport for a whole local day, or NaN if it changes around that day. */
  dayOffset(airport: number, day: number): number;
}

interface PlannedSlot {
  minute: number;
  days: number;
  aircraft: string;
}

function round5(minutes: number): number {
  return (Math.round(minutes / 5) * 5 + 1440) % 1440;
}

/** Weekly pattern of one route + airline (see docs/design.md §3: frequency from airline and distance). */
function planRoute(network: Network, r: number, seedHash: number, scale: number): PlannedSlot[] {
  const o = network.routeOrigin[r]!;
  const d = network.routeDestination[r]!;
  const al = network.routeAirline[r]!;
  const dist = network.routeDistanceKm[r]!;
  const rand = prng(
    hash32(
      `${network.airlines[al]!.iata}|${network.airports[o]!.iata}|${network.airports[d]!.iata}`,
      seedHash,
    ),
  );
  const busy = Math.log2(1 + Math.min(network.airportDegree[o]!, network.airportDegree[d]!));
  let perDay: number;
  if (dist < 1000) perDay = 0.6 + 0.35 * busy;
  else if (dist < 2500) perDay = 0.5 + 0.2 * busy;
  else if (dist < 5000) perDay = 0.45 + 0.1 * busy;
  else perDay = 0.35 + 0.06 * busy;
  const airlineSize = Math.min(1, Math.log10(1 + network.airlineRouteCount[al]!) / 3);
  perDay *= 0.8 + 0.4 * airlineSize;
  perDay /= 1 + 0.3 * (network.routePairAirlines[r]! - 1);
  perDay *= (0.75 + 0.5 * rand()) * scale;

  const equipment = network.routeEquipment[r]!;
  const pickAircraft = (): string =>
    equipment.length === 0 ? DEFAULT_AIRCRAFT : equipment[Math.floor(rand() * equipment.length)]!;
  const longHaul = dist > 5000;
  const slots: PlannedSlot[] = [];
  if (perDay >= 0.9) {
    const n = Math.min(5, Math.max(1, Math.round(perDay)));
    const span = 990; // 06:00 .. 22:30
    for (let i = 0; i < n; i++) {
      const night = longHaul && rand() < 0.4;
      const minute = night ? 21 * 60 + rand() * 300 : 360 + ((i + 0.1 + 0.8 * rand()) * span) / n;
      // Most services are daily; some skip one weekday.
      const days = i > 0 && rand() < 0.2 ? 127 & ~(1 << Math.floor(rand() * 7)) : 127;
      slots.push({ minute: round5(minute), days, aircraft: pickAircraft() });
    }
  } else {
    const k = Math.min(6, Math.max(3, Math.round(perDay * 7)));
    const start = rand() * 7;
    let days = 0;
    for (let j = 0; j < k; j++) days |= 1 << (Math.floor(start + (j * 7) / k) % 7);
    const night = longHaul && rand() < 0.4;
    const minute = night ? 21 * 60 + rand() * 300 : 360 + rand() * 990;
    slots.push({ minute: round5(minute), days, aircraft: pickAircraft() });
  }
  return slots;
}

export function buildSchedule(network: Network, options: ScheduleOptions): Schedule {
  const seed = String(options.seed);
  const seedHash = hash32(seed);
  const m = network.routeCount;
  const plans: PlannedSlot[][] = new Array<PlannedSlot[]>(m);
  for (let r = 0; r < m; r++) plans[r] = planRoute(network, r, seedHash, options.frequencyScale ?? 1);

  // Flight numbers are 1..9999 and unique per airline: trim frequencies of airlines that would need more.
  const byAirline: number[][] = network.airlines.map(() => []);
  for (let r = 0; r < m; r++) byAirline[network.routeAirline[r]!]!.push(r);
  for (const routes of byAirline) {
    let total = routes.reduce((s, r) => s + plans[r]!.length, 0);
    while (total > 9999) {
      let worst = routes[0]!;
      for (const r of routes) if (plans[r]!.length > plans[worst]!.length) worst = r;
      if (plans[worst]!.length <= 1) break;
      plans[worst]!.pop();
      total--;
    }
  }

  const routeSlotStart = new Int32Array(m + 1);
  for (let r = 0; r < m; r++) routeSlotStart[r + 1] = routeSlotStart[r]! + plans[r]!.length;
  const slotCount = routeSlotStart[m]!;
  const slotRoute = new Int32Array(slotCount);
  const slotMinute = new Int16Array(slotCount);
  const slotDepartMinute = new Int16Array(slotCount * 7);
  const slotDays = new Uint8Array(slotCount);
  const slotNumber = new Int16Array(slotCount);
  const slotBlock = new Int16Array(slotCount);
  const slotAircraft = new Int16Array(slotCount);
  const slotClass = new Uint8Array(slotCount);
  const slotHash = new Uint32Array(slotCount);
  const aircraftCodes: string[] = [];
  const aircraftIdx = new Map<string, number>();
  for (let r = 0; r < m; r++) {
    const dist = network.routeDistanceKm[r]!;
    const rand = prng(
      hash32(
        `block|${network.airlines[network.routeAirline[r]!]!.iata}|${network.airports[network.routeOrigin[r]!]!.iata}|${network.airports[network.routeDestination[r]!]!.iata}`,
        seedHash,
      ),
    );
    plans[r]!.forEach((p, i) => {
      const s = routeSlotStart[r]! + i;
      let ai = aircraftIdx.get(p.aircraft);
      if (ai === undefined) {
        ai = aircraftCodes.length;
        aircraftCodes.push(p.aircraft);
        aircraftIdx.set(p.aircraft, ai);
      }
      const cls = aircraftClass(p.aircraft);
      slotRoute[s] = r;
      slotMinute[s] = p.minute;
      slotDays[s] = p.days;
      slotBlock[s] = blockMinutes(dist, cls, rand());
      // Day-to-day variation: a shuffled -60 … +60 min in 20-minute steps, clamped to the day.
      const shifts = [-60, -40, -20, 0, 20, 40, 60];
      for (let j = shifts.length - 1; j > 0; j--) {
        const k = Math.floor(rand() * (j + 1));
        [shifts[j], shifts[k]] = [shifts[k]!, shifts[j]!];
      }
      for (let w = 0; w < 7; w++)
        slotDepartMinute[s * 7 + w] = Math.min(1435, Math.max(0, p.minute + shifts[w]!));
      slotAircraft[s] = ai;
      slotClass[s] = CLASS_CODES.indexOf(cls);
    });
  }

  // Flight numbers: hash of airline/route/slot, linear probing on collisions; routes taken in a
  // fixed order (airline, origin, destination codes) so numbers only depend on seed and network.
  const keyOf = (r: number): string =>
    `${network.airlines[network.routeAirline[r]!]!.iata}|${network.airports[network.routeOrigin[r]!]!.iata}|${network.airports[network.routeDestination[r]!]!.iata}`;
  const numberToSlot = new Map<number, number>();
  for (const routes of byAirline) {
    if (routes.length === 0) continue;
    const keyed = routes
      .map((r) => ({ r, key: keyOf(r) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const used = new Uint8Array(10000);
    for (const { r, key } of keyed) {
      for (let s = routeSlotStart[r]!; s < routeSlotStart[r + 1]!; s++) {
        const h = hash32(`${key}#${s - routeSlotStart[r]!}`, seedHash);
        slotHash[s] = hash32(`${key}#${s - routeSlotStart[r]!}#price`, seedHash);
        let num = (h % 9999) + 1;
        while (used[num]) num = (num % 9999) + 1;
        used[num] = 1;
        slotNumber[s] = num;
        numberToSlot.set(network.routeAirline[r]! * 10000 + num, s);
      }
    }
  }

  const zones = network.airports.map((a) => timeZone(a.tz));
  // UTC offset of an airport for a whole local day, or NaN when it changes around that day.
  const dayOffset = new Map<number, number>();
  const offsetForDay = (airport: number, day: number): number => {
    const key = airport * 100000 + day;
    let off = dayOffset.get(key);
    if (off === undefined) {
      const zone = zones[airport]!;
      const a = zone.offsetAt(day * DAY_MS - 14 * 3600_000);
      const b = zone.offsetAt((day + 1) * DAY_MS + 12 * 3600_000);
      off = a === b ? a : NaN;
      if (dayOffset.size > 500_000) dayOffset.clear();
      dayOffset.set(key, off);
    }
    return off;
  };

  const departUtc = (slot: number, day: number): number => {
    if (!(slotDays[slot]! & (1 << weekdayOf(day)))) return NaN;
    const origin = network.routeOrigin[slotRoute[slot]!]!;
    const local = day * DAY_MS + slotDepartMinute[slot * 7 + weekdayOf(day)]! * MINUTE_MS;
    const off = offsetForDay(origin, day);
    return off === off ? local - off * MINUTE_MS : zones[origin]!.toUtc(local);
  };

  const flightKey = (slot: number, day: number): string =>
    `${network.airlines[network.routeAirline[slotRoute[slot]!]!]!.iata}${slotNumber[slot]}-${formatDay(day)}`;

  const capacity = (slot: number, cabin: Cabin): number => {
    const info = AIRCRAFT_CLASSES[CLASS_CODES[slotClass[slot]!]!];
    return cabin === 'business' ? info.business : info.economy;
  };

  const instance = (slot: number, day: number): FlightInstance => {
    const r = slotRoute[slot]!;
    const o = network.routeOrigin[r]!;
    const d = network.routeDestination[r]!;
    const dep = departUtc(slot, day);
    if (dep !== dep) throw new RangeError(`slot ${slot} does not operate on ${formatDay(day)}`);
    const arr = dep + slotBlock[slot]! * MINUTE_MS;
    const carrier = network.airlines[network.routeAirline[r]!]!.iata;
    return {
      key: `${carrier}${slotNumber[slot]}-${formatDay(day)}`,
      carrier,
      number: slotNumber[slot]!,
      origin: network.airports[o]!.iata,
      destination: network.airports[d]!.iata,
      departUtc: dep,
      arriveUtc: arr,
      departLocal: formatLocalIso(dep, zones[o]!.offsetAt(dep)),
      arriveLocal: formatLocalIso(arr, zones[d]!.offsetAt(arr)),
      aircraft: aircraftCodes[slotAircraft[slot]!]!,
      capacity: { economy: capacity(slot, 'economy'), business: capacity(slot, 'business') },
      durationMinutes: slotBlock[slot]!,
      distanceKm: Math.round(network.routeDistanceKm[r]!),
    };
  };

  const KEY = /^([A-Z0-9]{2})([1-9]\d{0,3})-(\d{4}-\d{2}-\d{2})$/;
  const resolveKey = (key: string): { slot: number; day: number } | null => {
    const match = KEY.exec(key);
    if (!match) return null;
    const al = network.airlineIndex(match[1]!);
    const day = parseDay(match[3]!);
    if (al === undefined || day === null) return null;
    const slot = numberToSlot.get(al * 10000 + Number(match[2]));
    if (slot === undefined || !(slotDays[slot]! & (1 << weekdayOf(day)))) return null;
    return { slot, day };
  };

  const boardCache = new Map<string, FlightInstance[]>();
  const departuresOn = (airport: string, date: string): readonly FlightInstance[] => {
    const cacheKey = `${airport}|${date}`;
    const cached = boardCache.get(cacheKey);
    if (cached) return cached;
    const a = network.airportIndex(airport);
    const day = parseDay(date);
    if (a === undefined || day === null) return [];
    const out: FlightInstance[] = [];
    const first = routeSlotStart[network.routeStart[a]!]!;
    const last = routeSlotStart[network.routeStart[a + 1]!]!;
    for (let s = first; s < last; s++) if (slotDays[s]! & (1 << weekdayOf(day))) out.push(instance(s, day));
    out.sort((x, y) => x.departUtc - y.departUtc || (x.key < y.key ? -1 : 1));
    if (boardCache.size >= 256) boardCache.delete(boardCache.keys().next().value!);
    boardCache.set(cacheKey, out);
    return out;
  };

  return {
    network,
    seed,
    slotCount,
    routeSlotStart,
    slotRoute,
    slotMinute,
    slotDepartMinute,
    slotDays,
    slotNumber,
    slotBlock,
    slotAircraft,
    slotClass,
    slotHash,
    aircraftCodes,
    capacity,
    departUtc,
    flightKey,
    instance,
    resolveKey,
    flightByKey: (key) => {
      const ref = resolveKey(key);
      return ref ? instance(ref.slot, ref.day) : null;
    },
    departuresOn,
    zoneOf: (airport) => zones[airport]!,
    dayOffset: offsetForDay,
  };
}
