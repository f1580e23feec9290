import { describe, expect, test } from 'vitest';
import { renderInRoot } from '../../testing/render.tsx';
import { BarChart, type ChartPoint } from './home-bar-chart.tsx';

const format = (value: number) => (value < 0 ? `−${(-value).toFixed(2)}` : value.toFixed(2));
const formatDay = (day: string) => `day ${day.slice(-2)}`;
const chart = (points: ChartPoint[], locale: 'en' | 'ru' = 'en') =>
  renderInRoot(
    locale,
    <BarChart title="Margin" points={points} format={format} formatDay={formatDay} testId="margin" />,
  );

describe('the bar chart', () => {
  test('a day below zero hangs below the zero line in its own colour, and the summary names the lowest day', () => {
    const html = chart([
      { day: '2026-12-01', value: 100 },
      { day: '2026-12-02', value: -25 },
      { day: '2026-12-03', value: 0 },
      { day: '2026-12-04', value: 50 },
    ]);
    // From -25 to 100 over the chart's 96 units: 0.768 a unit, the zero line 76.8 below the top margin of 2.
    expect(html).toContain('<line x1="0" y1="78.8" x2="300" y2="78.8"');
    expect(html).toContain('y="2" width="52.5" height="76.8" class="fill-primary-600"');
    expect(html).toContain('y="78.8" width="52.5" height="19.2" class="fill-red-700" data-below-zero=""');
    expect(html.match(/<rect /g)).toHaveLength(3);
    expect(html).toContain(
      'aria-label="Margin per day: 125.00 in all; the most, 100.00, on day 01. The least, −25.00, on day 02."',
    );
    expect(html).toContain('<span>Lowest: −25.00</span>');
  });

  test('every day below zero: the bars hang from a zero line at the top; Russian words', () => {
    const html = chart(
      [
        { day: '2026-12-01', value: -10 },
        { day: '2026-12-02', value: -40 },
      ],
      'ru',
    );
    expect(html).toContain('<line x1="0" y1="2" x2="300" y2="2"');
    expect(html).toContain('y="2" width="105" height="24" class="fill-red-700"');
    expect(html).toContain('y="2" width="105" height="96" class="fill-red-700"');
    expect(html).toContain('aria-label="Margin по дням: всего −50.00. Меньше всего, −40.00, — day 02."');
  });

  test('no day below zero: as before, bars on the bottom line and no lowest', () => {
    const html = chart([
      { day: '2026-12-01', value: 30 },
      { day: '2026-12-02', value: 60 },
    ]);
    expect(html).toContain('<line x1="0" y1="98" x2="300" y2="98"');
    expect(html).toContain('y="50" width="105" height="48" class="fill-primary-600"');
    expect(html).not.toContain('fill-red-700');
    expect(html).not.toContain('Lowest');
    expect(html).toContain('aria-label="Margin per day: 90.00 in all; the most, 60.00, on day 02."');
  });

  test('nothing at all: the empty sentence', () => {
    expect(chart([{ day: '2026-12-01', value: 0 }])).toContain(
      'aria-label="Margin per day: none in this period."',
    );
  });
});
