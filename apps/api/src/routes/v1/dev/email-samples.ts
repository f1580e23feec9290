/**
 * Every email the API sends, each with sample data, for the development preview (`npm run email:preview`,
 * ADR 0019) and the tests that render each one in each language. Adding an email kind means adding it here:
 * `email-samples.test.ts` checks that every kind the outbox knows has a sample.
 */
import type { Order } from '@parvoz/contracts/booking';
import type { Locale } from '@parvoz/i18n/locales';
import { renderEmail, type EmailKind, type EmailPayload } from '../../../modules/mail/index.ts';
import { renderOrderEmail } from '../../../modules/mail/index.ts';
import { renderAfterSaleEmail } from '../../../modules/mail/index.ts';
import { renderOperatorEmail } from '../../../modules/mail/index.ts';
import { renderPriceAlertEmail, type AlertSearchText } from '../../../modules/price-alerts/index.ts';
import { staffInviteEmail } from '../../../modules/mail/index.ts';
import { renderAirlineChangeEmail } from '../../../modules/mail/index.ts';

const SITE = 'http://127.0.0.1:3000';

/** A paid round trip Tashkent–Istanbul for two adults, one child and an infant, in USD. */
export function sampleOrder(overrides: Partial<Order> = {}): Order {
  const segment = (from: string, to: string, departing: string, arriving: string, number: string) => ({
    flight_key: `HY${number}-${departing.slice(0, 10)}`,
    origin: from,
    destination: to,
    departing_at: departing,
    arriving_at: arriving,
    duration: 'PT4H40M',
    marketing_carrier: { iata_code: 'HY', name: 'Uzbekistan Airways' },
    flight_number: number,
    aircraft: { iata_code: '32N', name: 'Airbus A320neo' },
    cabin_class: 'economy' as const,
    distance_km: 3_360,
  });
  const slice = (s: ReturnType<typeof segment>) => ({
    origin: s.origin,
    destination: s.destination,
    departing_at: s.departing_at,
    arriving_at: s.arriving_at,
    duration: s.duration,
    duration_minutes: 280,
    transfers: 0,
    segments: [s],
  });
  const out = segment('TAS', 'IST', '2026-12-15T08:40:00+05:00', '2026-12-15T11:20:00+03:00', '601');
  const back = segment('IST', 'TAS', '2026-12-22T13:10:00+03:00', '2026-12-22T20:05:00+05:00', '602');
  const passenger = (
    type: 'adult' | 'child' | 'infant',
    given: string,
    family: string,
    tickets: [string, string],
  ) => ({
    type,
    given_name: given,
    family_name: family,
    born_on: type === 'adult' ? '1988-04-02' : type === 'child' ? '2018-06-11' : '2026-01-20',
    gender: 'male' as const,
    citizenship: 'UZ',
    document: { number: 'FA1234567', expires_on: '2031-01-01' },
    services: [],
    seats: [],
    tickets: tickets.map((ticket_number, slice_index) => ({
      slice_index,
      segment_index: 0,
      flight_key: slice_index === 0 ? out.flight_key : back.flight_key,
      ticket_number,
    })),
  });
  return {
    id: 'ord_sample0000000000000001',
    booking_reference: 'K7QX2M',
    supplier_booking_reference: null,
    created_at: '2026-11-20T09:00:00Z',
    booking_status: 'booked',
    payment_status: 'paid',
    refund_status: 'none',
    refunds: [],
    cancellable: true,
    tickets_voided_at: null,
    ticketing: null,
    payment_deadline: '2026-11-20T09:30:00Z',
    paid_at: '2026-11-20T09:05:00Z',
    payable: false,
    total_amount: '1412.50',
    total_currency: 'USD',
    base_amount: '1100.00',
    tax_amount: '312.50',
    luggage_amount: '0.00',
    price_breakdown: [],
    contact: { full_name: 'Aziz Karimov', email: 'aziz@example.com', phone: '+998901234567' },
    passengers: [
      passenger('adult', 'Aziz', 'Karimov', ['2501234567890', '2501234567891']),
      passenger('adult', 'Malika', 'Karimova', ['2501234567892', '2501234567893']),
      passenger('child', 'Timur', 'Karimov', ['2501234567894', '2501234567895']),
      passenger('infant', 'Laylo', 'Karimova', ['2501234567896', '2501234567897']),
    ],
    cabin_class: 'economy',
    fare_family: 'standard',
    conditions: {
      refund_before_departure: {
        allowed: true,
        penalty_amount: '50.00',
        penalty_currency: 'USD',
        taxes_refundable: true,
      },
    },
    slices: [slice(out), slice(back)],
    airline_changes: [],
    fiscal_receipts: [],
    lang: 'en',
    ...overrides,
  };
}

const search: AlertSearchText = {
  origin: 'TAS',
  destination: 'IST',
  departureDate: '2026-12-15',
  returnDate: '2026-12-22',
  departureUntil: null,
  passengers: { adults: 2, children: 0, infants: 0 },
  cabin: 'economy',
};

/** Every kind, so that a new one fails to compile here until it is listed (and the test asks for its sample). */
export const EMAIL_KINDS = Object.keys({
  'auth-code': true,
  'signin-suspended': true,
  'order-confirmation': true,
  'order-access-link': true,
  'order-cancelled': true,
  'refund-completed': true,
  'late-payment-refund': true,
  'supplier-refused-refund': true,
  'ticketing-delayed': true,
  'contact-phone-changed': true,
  'contact-email-code': true,
  'contact-email-changed': true,
  'tour-request': true,
  'agency-application': true,
  'price-alert-confirm': true,
  'price-alert-drop': true,
  'staff-invite': true,
  'airline-change': true,
} satisfies Record<EmailKind, true>) as EmailKind[];

/** The airline moved the outbound flight HY 601 by 95 minutes (still open, or already accepted). */
function sampleAirlineChange(accepted: boolean): Order['airline_changes'][number] {
  const flight = (departing: string, arriving: string) => ({
    carrier: 'HY',
    flight_number: '601',
    origin: 'TAS',
    destination: 'IST',
    departing_at: departing,
    arriving_at: arriving,
  });
  return {
    id: 'chg_sample000000000000000001',
    detected_at: '2026-11-23T09:00:00.000Z',
    removed: [flight('2026-12-15T08:40:00+05:00', '2026-12-15T11:20:00+03:00')],
    added: [flight('2026-12-15T10:15:00+05:00', '2026-12-15T12:55:00+03:00')],
    acceptable: !accepted,
    action_taken: accepted ? 'accepted' : null,
    action_taken_at: accepted ? '2026-11-23T09:00:00.000Z' : null,
    applied_at: accepted ? '2026-11-23T09:00:00.000Z' : null,
  };
}

export type EmailSample = { name: string; render: (lang: Locale) => Promise<EmailPayload> };

/** The sample order in `lang` (with `changes`), and the link to it that the order's emails carry. */
function aboutTheOrder(lang: Locale, changes: Partial<Order> = {}) {
  return {
    order: sampleOrder({ lang, ...changes }),
    link: `${SITE}/${lang}/orders/ord_sample0000000000000001?access_token=sample-token`,
  };
}

/** One sample per email (and per variant that reads differently), named after the outbox kind. */
export const EMAIL_SAMPLES: EmailSample[] = [
  { name: 'auth-code', render: (lang) => renderEmail(lang, { kind: 'auth-code', code: '482913' }) },
  {
    name: 'signin-suspended',
    render: (lang) =>
      renderEmail(lang, {
        kind: 'signin-suspended',
        unlockUrl: `${SITE}/${lang}/login/unlock?email=aziz%40example.com&token=sample-token`,
      }),
  },
  ...(
    [
      ['order-confirmation', 'order-confirmation', {}],
      [
        'order-confirmation.airline-reference',
        'order-confirmation',
        { supplier_booking_reference: 'XJ4T9P' },
      ],
      ['order-access-link', 'order-access-link', {}],
    ] as const
  ).map(([name, kind, changes]): EmailSample => ({
    name,
    render: (lang) => renderOrderEmail(lang, { kind, ...aboutTheOrder(lang, changes) }),
  })),
  // The refund is the fare less the 50.00 penalty; nothing was paid on the unpaid one.
  ...(
    [
      ['order-cancelled', {}, '1362.50'],
      ['order-cancelled.unpaid', { payment_status: 'not_paid' }, null],
      ['order-cancelled.no-refund', {}, '0.00'],
    ] as const
  ).map(([name, changes, refundAmount]): EmailSample => ({
    name,
    render: (lang) =>
      renderAfterSaleEmail(lang, {
        kind: 'order-cancelled',
        ...aboutTheOrder(lang, { booking_status: 'cancelled', ...changes }),
        refundAmount,
      }),
  })),
  // A refund after cancelling keeps the penalty back; the other two give back all that was paid.
  ...(
    [
      ['refund-completed', '1362.50'],
      ['late-payment-refund', '1412.50'],
      ['supplier-refused-refund', '1412.50'],
    ] as const
  ).map(([kind, amount]): EmailSample => ({
    name: kind,
    render: (lang) => renderAfterSaleEmail(lang, { kind, ...aboutTheOrder(lang), amount, currency: 'USD' }),
  })),
  {
    name: 'ticketing-delayed',
    render: (lang) =>
      renderAfterSaleEmail(lang, {
        kind: 'ticketing-delayed',
        ...aboutTheOrder(lang, { booking_status: 'new', ticketing: 'delayed' }),
      }),
  },
  {
    name: 'contact-phone-changed',
    render: (lang) =>
      renderAfterSaleEmail(lang, {
        kind: 'contact-phone-changed',
        ...aboutTheOrder(lang),
        phone: '+905321234567',
      }),
  },
  {
    name: 'contact-email-code',
    render: (lang) =>
      renderAfterSaleEmail(lang, {
        kind: 'contact-email-code',
        order: sampleOrder({ lang }),
        code: '731045',
        minutes: 10,
      }),
  },
  // The replaced address gets no link: it may no longer be the traveller's.
  ...(['old', 'new'] as const).map((reader): EmailSample => ({
    name: `contact-email-changed.${reader}`,
    render: (lang) => {
      const about = aboutTheOrder(lang);
      return renderAfterSaleEmail(lang, {
        kind: 'contact-email-changed',
        order: about.order,
        email: 'aziz.new@example.com',
        reader,
        link: reader === 'new' ? about.link : null,
      });
    },
  })),
  // A change made with an order link: the replaced address also gets the undo, for 48 hours (ADR 0022).
  {
    name: 'contact-email-changed.old-undo',
    render: (lang) =>
      renderAfterSaleEmail(lang, {
        kind: 'contact-email-changed',
        order: sampleOrder({ lang }),
        email: 'aziz.new@example.com',
        reader: 'old',
        link: null,
        undo: {
          url: `${SITE}/${lang}/orders/ord_sample0000000000000001/undo-email-change?change=00000000-0000-4000-8000-000000000001&token=sample-token`,
          until: '2026-11-25T06:00:00.000Z',
        },
      }),
  },
  {
    name: 'tour-request',
    render: (lang) =>
      renderOperatorEmail(lang, {
        kind: 'tour-request',
        reference: 'TR-4821',
        tourTitle: 'Samarkand and Bukhara in five days',
        tourUrl: `${SITE}/${lang}/tours/samarkand-bukhara`,
        departsOn: '2027-04-10',
        returnsOn: '2027-04-15',
        fullName: 'Olga Kim',
        email: 'olga.kim@example.com',
        phone: '+998901234567',
        adults: 2,
        children: 1,
        message: 'A room with a view of the mountains, please.\nWe arrive late on the first day.',
        lang: 'ru',
      }),
  },
  {
    name: 'agency-application',
    render: (lang) =>
      renderOperatorEmail(lang, {
        kind: 'agency-application',
        reference: 'AG-0193',
        companyName: 'Silk Road Travel LLC',
        taxId: '305123456',
        countryCode: 'UZ',
        city: 'Samarkand',
        contactName: 'Rustam Aliev',
        email: 'rustam@silkroad.example',
        phone: '+998652211122',
        website: 'https://silkroad.example',
        message: null,
        lang: 'uz',
      }),
  },
  {
    name: 'price-alert-confirm',
    render: (lang) =>
      renderPriceAlertEmail(lang, {
        kind: 'price-alert-confirm',
        search,
        price: '412.50',
        currency: 'USD',
        confirmUrl: `${SITE}/${lang}/price-alerts/confirm?token=sample-token`,
        unsubscribeUrl: `${SITE}/${lang}/price-alerts/unsubscribe?token=sample-token`,
        validDays: 30,
        minDropPercent: 5,
      }),
  },
  {
    name: 'price-alert-drop',
    render: (lang) =>
      renderPriceAlertEmail(lang, {
        kind: 'price-alert-drop',
        search,
        price: '350.00',
        previousPrice: '412.50',
        percent: 15,
        currency: 'USD',
        resultsUrl: `${SITE}/${lang}/flight/TAS1512IST2212`,
        unsubscribeUrl: `${SITE}/${lang}/price-alerts/unsubscribe?token=sample-token`,
      }),
  },
  {
    name: 'staff-invite',
    render: (lang) => staffInviteEmail(lang, { invitedBy: 'admin@parvoz.example', siteUrl: SITE }),
  },
  ...[false, true].map((accepted): EmailSample => ({
    name: accepted ? 'airline-change.accepted' : 'airline-change',
    render: (lang) =>
      renderAirlineChangeEmail(lang, {
        ...aboutTheOrder(lang, { supplier_booking_reference: 'XJ4T9P' }),
        change: sampleAirlineChange(accepted),
      }),
  })),
];
