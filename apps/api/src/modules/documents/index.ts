/**
 * What emails, PDFs and pages print in the reader's language: formats, the demo's label, the e-ticket and the
 * receipt (docs/architecture.md).
 */
export {
  BOOKING_STATUS_KEYS,
  PASSENGER_TYPE_KEYS,
  formatAmount,
  formatDate,
  formatInstant,
  formatLocalDateTime,
  placeName,
  searchPlaceName,
} from './booking-format.ts';
export { labelDemoEmail } from './demo-label.ts';
export { renderETicketPdf } from './eticket-pdf.ts';
export { startA4Document } from './pdf-document.ts';
export { renderReceiptPdf } from './receipt-pdf.ts';
