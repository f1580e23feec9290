// Prints the busiest cities of data/network.json by route count (routes departing or arriving at any of the
// city's airports), plus every city of the countries whose names must be translated, so that
// data/place-names.json can be checked for coverage.
// Run: node scripts/busiest-cities.ts [N=300] [--missing]   (--missing: only cities lacking a ru/uz/tr name)
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDat } from './build-network.ts';
import type { Network } from './build-network.ts';

export const ALWAYS_TRANSLATED_COUNTRIES = ['UZ', 'TR', 'KZ', 'KG', 'TJ', 'TM', 'AZ', 'GE', 'RU'];

export interface CityStat {
  code: string;
  country: string;
  routes: number;
  airports: string[];
}

export function cityStats(network: Network): CityStat[] {
  const cityOf = new Map<string, string>();
  const stats = new Map<string, CityStat>();
  for (const [iata, , city, country] of network.airports) {
    cityOf.set(iata, city);
    const s = stats.get(city) ?? { code: city, country, routes: 0, airports: [] };
    s.airports.push(iata);
    stats.set(city, s);
  }
  for (const [, o, d] of network.routes) {
    stats.get(cityOf.get(o)!)!.routes++;
    stats.get(cityOf.get(d)!)!.routes++;
  }
  return [...stats.values()].sort((a, b) => b.routes - a.routes || (a.code < b.code ? -1 : 1));
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const network = JSON.parse(readFileSync(join(root, 'data/network.json'), 'utf8')) as Network;
  const n = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 300);
  const onlyMissing = process.argv.includes('--missing');
  // OpenFlights city names, for display only.
  const cityName = new Map<string, string>();
  const raw = resolve(root, '../shared/data/openflights/airports.dat');
  if (existsSync(raw)) {
    for (const r of parseDat(readFileSync(raw, 'utf8'))) if (r[4] && r[2]) cityName.set(r[4], r[2]);
  }
  const namesFile = join(root, 'data/place-names.json');
  const names = existsSync(namesFile)
    ? (JSON.parse(readFileSync(namesFile, 'utf8')) as { cities: Record<string, Record<string, string>> })
        .cities
    : {};
  const all = cityStats(network);
  const list = all.filter((c, i) => i < n || ALWAYS_TRANSLATED_COUNTRIES.includes(c.country));
  let missing = 0;
  for (const c of list) {
    const e = names[c.code];
    const ok = !!(e && e.en && e.ru && e.uz && e.tr);
    if (!ok) missing++;
    if (onlyMissing && ok) continue;
    const rank = all.indexOf(c) + 1;
    const name = c.airports
      .map((a) => cityName.get(a) ?? a)
      .filter((v, i, arr) => arr.indexOf(v) === i)
      .join(' / ');
    console.log(
      `${String(rank).padStart(4)} ${c.code} ${c.country} ${String(c.routes).padStart(5)} ${c.airports.join(',')}  ${name}${ok ? '' : '  [missing]'}`,
    );
  }
  console.log(
    `${list.length} cities to translate (top ${n} + ${ALWAYS_TRANSLATED_COUNTRIES.join(' ')}), ${missing} missing`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
