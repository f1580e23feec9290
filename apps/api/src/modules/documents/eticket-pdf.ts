/**
 * The e-ticket (itinerary receipt) PDF of a paid order (docs/design.md §4): pdfkit with DejaVu Sans
 * (Cyrillic, Turkish and the Uzbek ʻ), every label in the order's language, a QR code of the order's access
 * link and a Code 128 barcode of the booking reference; the airline's own booking reference when a supplier
 * booked it.
 */
import { demoNotice } from './demo-label.ts';
import {
  markDemoDocument,
  PDF_BLUE as BLUE,
  PDF_GREY as GREY,
  pdfFlow,
  startA4Document,
} from './pdf-document.ts';
import QRCode from 'qrcode';
import bwipjs from 'bwip-js';
import type { Order } from '@parvoz/contracts/booking';
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import {
  BOOKING_STATUS_KEYS,
  formatAmount,
  formatDate,
  formatDuration,
  formatInstant,
  formatLocalDateTime,
  PASSENGER_TYPE_KEYS,
  placeName,
} from './booking-format.ts';

const CABIN_KEYS = { economy: 'ticket.cabin.economy', business: 'ticket.cabin.business' } as const;
const BAGGAGE_KEYS = {
  light: 'ticket.baggage.light',
  standard: 'ticket.baggage.standard',
  business: 'ticket.baggage.business',
  business_flex: 'ticket.baggage.businessFlex',
} as const;
const GENDER_KEYS = { male: 'ticket.gender.male', female: 'ticket.gender.female' } as const;

export async function renderETicketPdf(
  order: Order,
  lang: Locale,
  accessLink: string,
  options: { demo?: boolean } = {},
): Promise<Buffer> {
  const intl = getIntl(lang);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const qr = await QRCode.toBuffer(accessLink, {
    type: 'png',
    margin: 1,
    width: 220,
    errorCorrectionLevel: 'M',
  });
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: order.booking_reference,
    scale: 2,
    height: 10,
    includetext: false,
  });

  const { doc, done } = startA4Document(
    `${t('ticket.title')} ${order.booking_reference}`,
    t('ticket.title'),
    lang,
  );
  if (options.demo) markDemoDocument(doc, demoNotice(lang));

  const flow = pdfFlow(doc, 205, 2);
  const { left, width, line } = flow;

  // Header: brand, title, QR code of the order page.
  doc.font('bold').fontSize(22).fillColor(BLUE).text('Parvoz', left, 40);
  doc.font('bold').fontSize(14).fillColor('#111827').text(t('ticket.title'), left, 70);
  doc.image(qr, left + width - 110, 36, { width: 110 });
  doc
    .font('regular')
    .fontSize(7)
    .fillColor(GREY)
    .text(t('ticket.scan'), left + width - 120, 148, { width: 130, align: 'center' });

  const field = (label: string, value: string, x: number, y: number, w = 170) => {
    doc.font('regular').fontSize(8).fillColor(GREY).text(label, x, y, { width: w });
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('#111827')
      .text(value, x, y + 11, { width: w });
  };
  field(t('ticket.reference'), order.booking_reference, left, 100, 120);
  field(t('ticket.bookingStatus'), t(BOOKING_STATUS_KEYS[order.booking_status]), left + 130, 100, 120);
  field(t('ticket.issued'), formatInstant(lang, order.paid_at ?? order.created_at), left + 260, 100, 140);
  field(t('ticket.orderId'), order.id, left, 132, 300);
  doc.image(barcode, left, 162, { height: 26 });
  // A real airline's booking (docs/duffel.md): its own reference, what check-in and the airline's site ask
  // for.
  if (order.supplier_booking_reference) {
    field(t('ticket.airlineReference'), order.supplier_booking_reference, left + 130, 160, 270);
    doc
      .font('regular')
      .fontSize(7)
      .fillColor(GREY)
      .text(t('ticket.airlineReferenceHint'), left + 130, 185, { width: 270 });
  }

  // A section keeps its title with a few lines of its own.
  const heading = (text: string) => {
    flow.keepRoom(140);
    flow.heading(text);
  };

  // Passengers with their ticket numbers.
  heading(t('ticket.passengers'));
  for (const p of order.passengers) {
    line(`${p.family_name.toUpperCase()} ${p.given_name.toUpperCase()}`, { bold: true });
    line(
      [
        t(PASSENGER_TYPE_KEYS[p.type]),
        t(GENDER_KEYS[p.gender]),
        `${t('ticket.bornOn')}: ${formatDate(lang, p.born_on)}`,
        `${t('ticket.document')}: ${p.document.number} (${p.citizenship})`,
      ].join(' · '),
      { size: 9, color: GREY },
    );
    for (const ticket of p.tickets) {
      const segment = order.slices[ticket.slice_index]?.segments[ticket.segment_index];
      const flight = segment
        ? `${segment.marketing_carrier.iata_code} ${segment.flight_number} ${segment.origin}–${segment.destination}`
        : ticket.flight_key;
      const seat = p.seats.find(
        (s) => s.slice_index === ticket.slice_index && s.segment_index === ticket.segment_index,
      );
      const seated = seat ? ` · ${t('ticket.seat', { seat: seat.designator })}` : '';
      line(`${t('ticket.ticketNumber')} ${ticket.ticket_number} · ${flight}${seated}`, {
        size: 9,
        indent: 10,
      });
    }
    flow.y += 4;
  }

  // Flights.
  heading(t('ticket.itinerary'));
  const baggage = t(BAGGAGE_KEYS[order.fare_family]);
  for (const slice of order.slices) {
    for (const s of slice.segments) {
      const dep = formatLocalDateTime(lang, s.departing_at);
      const arr = formatLocalDateTime(lang, s.arriving_at);
      line(`${s.marketing_carrier.iata_code} ${s.flight_number} · ${s.marketing_carrier.name}`, {
        bold: true,
      });
      line(`${t('ticket.departure')}: ${dep.date} ${dep.time} — ${placeName(lang, s.origin)}`, { size: 9 });
      line(`${t('ticket.arrival')}: ${arr.date} ${arr.time} — ${placeName(lang, s.destination)}`, {
        size: 9,
      });
      line(
        [
          `${t('ticket.duration')}: ${formatDuration(lang, s.duration)}`,
          `${t('ticket.cabin')}: ${t(CABIN_KEYS[s.cabin_class])}`,
          `${t('ticket.aircraft')}: ${s.aircraft.name}`,
          `${t('ticket.baggage')}: ${baggage}`,
        ].join(' · '),
        { size: 9, color: GREY },
      );
      flow.y += 4;
    }
  }

  // Price.
  heading(t('ticket.price'));
  for (const item of order.price_breakdown) {
    line(
      `${t(PASSENGER_TYPE_KEYS[item.passenger_type])} × ${item.count}: ${formatAmount(lang, item.total_amount, item.currency)}`,
      { size: 9 },
    );
  }
  line(`${t('ticket.total')}: ${formatAmount(lang, order.total_amount, order.total_currency)}`, {
    bold: true,
  });
  flow.y += 8;
  line(t('ticket.notice'), { size: 8, color: GREY });

  doc.end();
  return done;
}
