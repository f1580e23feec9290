import { expect, test } from 'vitest';
import { startA4Document } from '../modules/documents/index.ts';
import { pdfText } from './pdf-text.ts';

test('reads the text after a ligature right (its CMap entry holds two code points)', async () => {
  const { doc, done } = startA4Document('t', 's', 'en');
  // "fi" and "ffl" become one glyph each in DejaVu; every glyph first used after them must still read right.
  doc.font('bold').text('Office fine waffle', 40, 40);
  doc.font('bold').text('54ABC3 Пассажиры KARIMOVA', 40, 80);
  doc.end();
  const text = pdfText(await done);
  expect(text).toContain('54ABC3 Пассажиры KARIMOVA');
  expect(text).toContain('Office fine waffle');
});
