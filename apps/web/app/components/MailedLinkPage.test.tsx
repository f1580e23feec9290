import { expect, test } from 'vitest';
import { renderInRoot } from '../testing/render.tsx';
import { MailedLinkPage } from './MailedLinkPage.tsx';

// The page an emailed link opens (unlock, undo an email change): opening it shows a form that posts the
// link's values; only the action's answer says done, or that the link was refused above the same form.
const page = (result: { ok: boolean } | undefined) =>
  renderInRoot(
    'en',
    <MailedLinkPage
      heading="Undo"
      lead="Put the old email back?"
      submit="Undo it"
      done="Done."
      invalid="That link is no longer valid."
      fields={{ change: 'c-1', token: 't-1' }}
      result={result}
    />,
  );

test.each([
  ['opened', undefined],
  ['refused', { ok: false }],
])('%s: one button posts the link’s values', (_name, result) => {
  const html = page(result);
  expect(html).toContain('<h1');
  expect(html).toContain('Undo</h1>');
  expect(html).toMatch(/<form [^>]*method="post"/);
  expect(html).toContain('<p>Put the old email back?</p>');
  expect(html).toContain('<input type="hidden" name="change" value="c-1"/>');
  expect(html).toContain('<input type="hidden" name="token" value="t-1"/>');
  expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Undo it<\/button>/);
  expect(html).not.toContain('Done.');
  expect(html.includes('<p role="alert"')).toBe(result !== undefined);
  expect(html.includes('That link is no longer valid.')).toBe(result !== undefined);
});

test('done: says so, with no form left to post again', () => {
  const html = page({ ok: true });
  expect(html).toMatch(/<p role="status"[^>]*>Done\.<\/p>/);
  expect(html).not.toContain('<form');
  expect(html).not.toContain('That link is no longer valid.');
});
