import { describe, expect, test } from 'vitest';
import { MINUTE_MS } from './schedule-time.ts';
import { dominates, Frontier, type Candidate } from './search-frontier.ts';
import { prng } from './schedule-random.ts';
import { createScore } from './search-ranking.ts';

const score = createScore({ usdPerHour: 25, usdPerTransfer: 40 });

/** The frontier by definition: every offered itinerary no other one dominates, in the order offered. */
function reference(mode: 'interval' | 'duration', offered: Omit<Candidate, 'score' | 'path'>[]) {
  const kept: Omit<Candidate, 'score' | 'path'>[] = [];
  for (const c of offered) {
    if (kept.some((k) => dominates(mode, k as Candidate, c.price, c.dep, c.arr, c.transfers))) continue;
    const survivors = kept.filter(
      (k) => !dominates(mode, c as Candidate, k.price, k.dep, k.arr, k.transfers),
    );
    kept.length = 0;
    kept.push(...survivors, c);
  }
  return kept;
}

describe('frontier', () => {
  test.each(['interval', 'duration'] as const)(
    '%s: keeps what the definition keeps, in order, past its first columns (hundreds kept)',
    (mode) => {
      const rand = prng(7);
      const offered: Omit<Candidate, 'score' | 'path'>[] = [];
      for (let i = 0; i < 3000; i++) {
        const dep = Math.floor(rand() * 2000) * MINUTE_MS;
        const arr = dep + (60 + Math.floor(rand() * 900)) * MINUTE_MS;
        // In 'duration' mode, a shorter itinerary costs more (else a few dominate all the others).
        const minutes = (arr - dep) / MINUTE_MS;
        const noise = Math.floor(rand() * 400) * 100;
        offered.push({
          price: mode === 'duration' ? 10_000 + (1000 - minutes) * 100 + noise : 10_000 + noise,
          dep,
          arr,
          duration: (arr - dep) / MINUTE_MS,
          transfers: Math.floor(rand() * 3),
        });
      }
      const frontier = new Frontier(mode, 200, score, 1);
      for (const c of offered) frontier.add(c.price, c.dep, c.arr, c.transfers, []);
      const got = frontier.candidates.map(({ price, dep, arr, duration, transfers }) => ({
        price,
        dep,
        arr,
        duration,
        transfers,
      }));
      const expected = reference(mode, offered);
      expect(expected.length).toBeGreaterThan(64);
      expect(got).toEqual(expected);
      for (const c of offered)
        expect(frontier.prunable(c.price, c.dep, c.arr, c.transfers)).toBe(
          expected.some((k) => dominates(mode, k as Candidate, c.price, c.dep, c.arr, c.transfers)),
        );
    },
  );
});
