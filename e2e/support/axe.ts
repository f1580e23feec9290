import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * axe on the page as it is now: no serious or critical violation (each one named with its elements), or none
 * at all with `every`. Legacy mode runs axe inside the page itself; the default mode opens a blank page per
 * call to merge the frames' partial results, which made each check 2–3 times slower (1.0–1.3 s against
 * 1.9–3.1 s a page, same findings) and axe the largest part of the phone suite. Our pages have no
 * cross-origin frames, the one thing legacy mode cannot look into.
 */
export async function expectAxeClean(page: Page, label = '', { every = false } = {}): Promise<void> {
  // Only violations are read: axe then skips collecting every passing node (axe-core's `resultTypes`).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const found = every
    ? results.violations
    : results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    found.map(
      (v) =>
        `${label ? `${label} ` : ''}${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}
