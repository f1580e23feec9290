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
