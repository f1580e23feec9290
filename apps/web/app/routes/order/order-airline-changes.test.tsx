import { expect, test } from 'vitest';
import type { AirlineChange } from '@parvoz/contracts/booking';
import type { Locale } from '@parvoz/i18n/locales';
import { renderInRoot } from '../../testing/render.tsx';
import { AirlineChanges } from './order-airline-changes.tsx';

function render(locale: Locale, changes: AirlineChange[], cancellable = false): string {
  return renderInRoot(locale, <AirlineChanges changes={changes} busy={false} cancellable={cancellable} />);
}

const flight = (departing_at: string, arriving_at: string) => ({
  carrier: 'QP',
  flight_number: '4242',
  origin: 'TAS',
  destination: 'IST',
  departing_at,
  arriving_at,
});
const open: AirlineChange = {
  id: 'chg_AAAAAAAAAAAAAAAAAAAAAA',
  detected_at: '2026-11-23T08:00:00.000Z',
  removed: [flight('2026-12-15T23:10:00+05:00', '2026-12-16T03:30:00+03:00')],
  added: [flight('2026-12-16T00:45:00+05:00', '2026-12-16T05:05:00+03:00')],
  acceptable: true,
  action_taken: null,
  action_taken_at: null,
  applied_at: null,
};

test('an open change: the flights as booked and now, in local times, and the button to accept it', () => {
  const html = render('en', [open]);
  expect(html).toContain('The airline changed your flights');
  // Each airport's local time as given (Tashkent +05:00, Istanbul +03:00), not the browser's.
  expect(html).toMatch(/QP 4242 TAS–IST: departs Dec 15, 2026 at 11:10 PM, arrives Dec 16, 2026 at 3:30 AM/);
  expect(html).toMatch(/QP 4242 TAS–IST: departs Dec 16, 2026 at 12:45 AM, arrives Dec 16, 2026 at 5:05 AM/);
  expect(html).toContain('Accept the new schedule');
  expect(html).toContain('name="change_id" value="chg_AAAAAAAAAAAAAAAAAAAAAA"');
  expect(html).toContain('name="intent" value="accept-change"');
});

test('an accepted change says so, without the button; in the page language', () => {
  const accepted = {
    ...open,
    acceptable: false,
    action_taken: 'accepted',
    action_taken_at: '2026-11-23T09:00:00.000Z',
  };
  const ru = render('ru', [accepted]);
  expect(ru).toContain('Авиакомпания изменила ваши рейсы');
  expect(ru).toContain('Вы приняли новое расписание');
  expect(ru).not.toContain('Принять новое расписание');
  expect(render('uz', [open])).toContain('Yangi jadvalni qabul qilish');
  expect(render('tr', [open])).toContain('Yeni saatleri kabul et');
});

test('no changes: nothing shown', () => {
  expect(render('en', [])).toBe('');
});

test('an open change of a cancellable order also offers our cancellation; an accepted one says the itinerary follows', () => {
  const html = render('en', [open], true);
  expect(html).toContain('Cancel the booking instead');
  expect(html).toMatch(/name="intent" value="cancel"/);
  // Not cancellable (e.g. departed): no cancellation button.
  expect(render('en', [open], false)).not.toContain('Cancel the booking instead');
  const applied = {
    ...open,
    acceptable: false,
    action_taken: 'accepted',
    action_taken_at: '2026-11-23T09:00:00.000Z',
    applied_at: '2026-11-23T09:00:00.000Z',
  };
  const tr = render('tr', [applied], true);
  expect(tr).toContain('Güzergâhınız ve e-biletiniz yeni uçuşları gösteriyor.');
  expect(tr).not.toContain('Bunun yerine rezervasyonu iptal et');
});
