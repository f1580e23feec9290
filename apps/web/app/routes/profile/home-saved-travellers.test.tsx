import { describe, expect, test } from 'vitest';
import { renderInRoot } from '../../testing/render.tsx';
import { SavedTravellers } from './home-saved-travellers.tsx';

const AZIZA = {
  id: 'trv_1',
  given_name: 'Aziza',
  family_name: 'Karimova',
  born_on: '1990-04-01',
  gender: 'female' as const,
  citizenship: 'UZ',
  document_number: 'AA1234567',
  document_expires_on: null,
};

/** The form of one panel (`traveller-<id>-panel`), as the server renders it. */
function formOf(html: string, id: string): string {
  const start = html.indexOf(`id="traveller-${id}-panel"`);
  expect(start, `panel ${id}`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</form>', start));
}

describe('saved travellers', () => {
  const html = renderInRoot(
    'en',
    <SavedTravellers travellers={[AZIZA]} failedId={undefined} failed={undefined} />,
  );

  test("a traveller's edit form is filled with what was saved, the gender chosen and an unset expiry empty", () => {
    const form = formOf(html, AZIZA.id);
    for (const [name, value] of [
      ['given_name', 'Aziza'],
      ['family_name', 'Karimova'],
      ['born_on', '1990-04-01'],
      ['citizenship', 'UZ'],
      ['document_number', 'AA1234567'],
    ]) {
      expect(form).toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*value="${value}"`));
    }
    expect(form).toMatch(/<input[^>]*name="document_expires_on"(?![^>]*value="[^"])[^>]*>/);
    expect(form).toMatch(/<option value="female" selected="">/);
    expect(form).toContain('<input type="hidden" name="id" value="trv_1"/>');
  });

  test('the add form starts empty, with the first gender chosen', () => {
    const form = formOf(html, 'new');
    expect(form).not.toMatch(/<input[^>]*name="given_name"[^>]*value="[^"]/);
    expect(form).toMatch(/<option value="male" selected="">/);
    expect(form).not.toContain('name="id"');
  });
});
