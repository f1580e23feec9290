import { describe, expect, test } from 'vitest';
import { renderInRoot } from '../../testing/render.tsx';
import { TourTitle, tourTitleIn } from './tour-title.tsx';

const title = { en: 'Samarkand weekend', ru: 'Выходные в Самарканде', uz: null, tr: '' };

describe("a tour's title in the console", () => {
  test("in the console's language where the tour has one", () => {
    expect(renderInRoot('ru', <TourTitle title={title} />)).toBe('Выходные в Самарканде');
    expect(tourTitleIn(title, 'ru')).toBe('Выходные в Самарканде');
  });

  test('else the English one, marked as English', () => {
    expect(renderInRoot('uz', <TourTitle title={title} />)).toBe('<span lang="en">Samarkand weekend</span>');
    expect(renderInRoot('tr', <TourTitle title={title} />)).toBe('<span lang="en">Samarkand weekend</span>');
    expect(tourTitleIn(title, 'tr')).toBe('Samarkand weekend');
  });
});
