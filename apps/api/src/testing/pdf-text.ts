/**
 * The text of a PDF our pdfkit documents make (tests only): pdfkit embeds DejaVu as Identity-H Type0 fonts whose
 * text is glyph ids in hex, with a ToUnicode CMap per font; this reads the (deflated) content streams, follows each
 * `Tf` to its font's CMap and decodes every `Tj`/`TJ` string. One line per text object (`BT … ET`). Enough for the
 * documents we write (no other encodings, no object streams), not a general PDF reader.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const s = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const head = /(\d+) 0 obj\s*/g;
  let m: RegExpExecArray | null;
  while ((m = head.exec(s))) {
    const start = m.index + m[0].length;
    const end = s.indexOf('endobj', start);
    if (end < 0) break;
    const streamAt = s.indexOf('stream', start);
    if (streamAt >= 0 && streamAt < end) {
      const dict = s.slice(start, streamAt);
      const dataStart = streamAt + (s.startsWith('stream\r\n', streamAt) ? 8 : 7);
      const dataEnd = s.indexOf('endstream', dataStart);
      const raw = pdf.subarray(dataStart, dataEnd);
      objects.set(Number(m[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
      head.lastIndex = s.indexOf('endobj', dataEnd);
    } else {
      objects.set(Number(m[1]), { dict: s.slice(start, end) });
      head.lastIndex = end;
    }
  }
  return objects;
}

const hexCodes = (hex: string, width: number) =>
  Array.from({ length: Math.floor(hex.length / width) }, (_, i) =>
    parseInt(hex.slice(i * width, (i + 1) * width), 16),
  );
const utf16 = (hex: string) => String.fromCharCode(...hexCodes(hex, 4));

/** A ToUnicode CMap: glyph code -> text (bfchar, and bfrange in both its forms). */
function readCMap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, src, dst] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(src!, 16), utf16(dst!));
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, lo, hi, list, dst] of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F]+)>)/g,
    )) {
      const from = parseInt(lo!, 16);
      const to = parseInt(hi!, 16);
      if (list !== undefined) {
        // A ligature's entry holds several code points, space-separated (`<0066 0069>` for "fi"): skipping it
        // would shift every later glyph of the range onto its neighbour's text.
        [...list.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach(([, d], i) =>
          map.set(from + i, utf16(d!.replace(/\s+/g, ''))),
        );
      } else {
        const base = parseInt(dst!, 16);
        for (let code = from; code <= to; code++) map.set(code, String.fromCharCode(base + code - from));
      }
    }
  return map;
}

export function pdfText(pdf: Buffer): string {
  const objects = readObjects(pdf);
  // Font object -> its CMap; resource name (/F2) -> font object, from every /Font dictionary.
  const cmapOf = new Map<number, Map<number, string>>();
  for (const [id, o] of objects) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(o.dict);
    const cmap = ref ? objects.get(Number(ref[1]))?.stream : undefined;
    if (cmap) cmapOf.set(id, readCMap(cmap.toString('latin1')));
  }
  const fontOf = new Map<string, number>();
  for (const o of objects.values())
    for (const [, fonts] of o.dict.matchAll(/\/Font\s*<<([^>]*)>>/g))
      for (const [, name, id] of fonts!.matchAll(/\/(\w+) (\d+) 0 R/g)) fontOf.set(name!, Number(id));

  const lines: string[] = [];
  for (const o of objects.values()) {
    const content = o.stream?.toString('latin1');
    if (!content || !/\bBT\b/.test(content) || content.includes('begincmap')) continue;
    let cmap: Map<number, string> | undefined;
    let line = '';
    for (const [token] of content.matchAll(/\/\w+ [\d.]+ Tf|\[[^\]]*\] TJ|<[0-9a-fA-F]*> Tj|\bET\b/g)) {
      if (token.endsWith('Tf')) cmap = cmapOf.get(fontOf.get(token.slice(1, token.indexOf(' ')))!);
      else if (token === 'ET') {
        lines.push(line);
        line = '';
      } else
        for (const [, hex] of token.matchAll(/<([0-9a-fA-F]*)>/g))
          line += hexCodes(hex!, 4)
            .map((code) => cmap?.get(code) ?? '')
            .join('');
    }
  }
  return lines.join('\n');
}
