import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** DejaVu covers Latin, Cyrillic and Turkish letters: every language of the site in one font. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** An A4 document with the site's fonts ('regular', 'bold'), and the whole file once it is ended. */
export function startA4Document(title: string, subject: string, lang: string) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: title, Author: 'Parvoz', Subject: subject },
    lang,
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * A demonstration's document (modules/documents/demo-label.ts): `notice` in a band across the top margin of every page,
 * above anything the document writes there, so no page of it passes for a real ticket or receipt.
 */
export function markDemoDocument(doc: PDFKit.PDFDocument, notice: string): void {
  const band = () => {
    const { x, y } = doc;
    const width = doc.page.width - 80;
    doc.save();
    doc.rect(40, 10, width, 22).fill('#fef3c7');
    doc
      .font('bold')
      .fontSize(8)
      .fillColor('#451a03')
      .text(notice, 44, 14, {
        width: width - 8,
        align: 'center',
        height: 16,
        ellipsis: true,
        lineBreak: false,
      });
    doc.restore();
    doc.x = x;
    doc.y = y;
  };
  band();
  doc.on('pageAdded', band);
}

/** The colours of the site's PDFs: titles, small print, body text. */
export const PDF_BLUE = '#1d4ed8';
export const PDF_GREY = '#4b5563';
export const PDF_INK = '#111827';

/**
 * Writes down a document from `y`: a piece that would start within `room` points of the page's end starts a new
 * page at its top instead; `gap` points follow each line.
 */
export function pdfFlow(doc: PDFKit.PDFDocument, y: number, gap: number) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const flow = {
    left,
    width,
    y,
    keepRoom(room: number) {
      if (flow.y > doc.page.height - room) {
        doc.addPage();
        flow.y = 40;
      }
    },
    /** A section title over a thin rule across the page. */
    heading(text: string) {
      doc.font('bold').fontSize(12).fillColor(PDF_BLUE).text(text, left, flow.y);
      flow.y = doc.y + 4;
      doc
        .moveTo(left, flow.y)
        .lineTo(left + width, flow.y)
        .lineWidth(0.5)
        .strokeColor('#d1d5db')
        .stroke();
      flow.y += 6;
    },
    line(text: string, options: { bold?: boolean; size?: number; color?: string; indent?: number } = {}) {
      flow.keepRoom(60);
      const indent = options.indent ?? 0;
      doc
        .font(options.bold ? 'bold' : 'regular')
        .fontSize(options.size ?? 10)
        .fillColor(options.color ?? PDF_INK)
        .text(text, left + indent, flow.y, { width: width - indent });
      flow.y = doc.y + gap;
    },
  };
  return flow;
}
