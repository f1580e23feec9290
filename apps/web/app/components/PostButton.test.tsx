import { expect, test } from 'vitest';
import { renderInRoot } from '../testing/render.tsx';
import { RemoveItemButton } from './PostButton.tsx';

// The one button that takes an item off a list on the staff, second-factor and price-alert pages: a plain
// POST of the intent and the item's id, its label naming the item, and no second post while one is on its way.
test.each([false, true])('busy %s: a post of the intent and the item, labelled by the item', (busy) => {
  const html = renderInRoot(
    'en',
    <RemoveItemButton intent="revoke" fields={{ user_id: 'u-1' }} busy={busy} label="Revoke op@example.com">
      Revoke
    </RemoveItemButton>,
  );
  expect(html).toMatch(/<form [^>]*method="post"[^>]*>/);
  expect(html).toContain('<input type="hidden" name="intent" value="revoke"/>');
  expect(html).toContain('<input type="hidden" name="user_id" value="u-1"/>');
  expect(html).toMatch(/<button type="submit"[^>]*aria-label="Revoke op@example.com"[^>]*>Revoke<\/button>/);
  expect(/<button[^>]* disabled=""/.test(html)).toBe(busy);
});
