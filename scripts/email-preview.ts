/**
 * Development preview of every email (ADR 0019):
 *   npm run email:preview [-- --out DIR]
 * renders each email of apps/api/src/routes/v1/dev/email-samples.ts in each language with sample data and writes
 * DIR/<lang>/<name>.html and .txt (the two parts nodemailer sends) and DIR/index.html linking them all;
 * DIR is var/email-preview by default. Open the index in a browser, or the .txt files in an editor.
 *
 * Refuses under NODE_ENV=production: it is a tool for developers, and a production host has no use for
 * sample emails written to its disk.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES } from '@parvoz/i18n/locales';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Renders every sample in every language into `dir`; returns the files written (relative to `dir`). */
export async function writeEmailPreview(dir: string): Promise<string[]> {
  // Loaded here, not at the top: under NODE_ENV=production the script stops before loading the emails.
  const { EMAIL_SAMPLES } = await import('@parvoz/api/routes/v1/dev/email-samples');
  const written: string[] = [];
  const rows: string[] = [];
  for (const sample of EMAIL_SAMPLES) {
    const cells: string[] = [];
    for (const lang of LOCALES) {
      const payload = await sample.render(lang);
      await mkdir(path.join(dir, lang), { recursive: true });
      const base = `${lang}/${sample.name}`;
      await writeFile(path.join(dir, `${base}.html`), payload.html);
      await writeFile(path.join(dir, `${base}.txt`), `Subject: ${payload.subject}\n\n${payload.text}`);
      written.push(`${base}.html`, `${base}.txt`);
      cells.push(
        `<td lang="${lang}"><a href="${base}.html">${escapeHtml(payload.subject)}</a> (<a href="${base}.txt">txt</a>)</td>`,
      );
    }
    rows.push(`<tr><th>${escapeHtml(sample.name)}</th>${cells.join('')}</tr>`);
  }
  const index = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parvoz emails</title>
<style>body{font-family:sans-serif;margin:24px}td,th{padding:4px 8px;text-align:left;vertical-align:top;border-bottom:1px solid #ddd}</style>
</head><body><table><tr><th></th>${LOCALES.map((l) => `<th>${l}</th>`).join('')}</tr>
${rows.join('\n')}</table></body></html>\n`;
  await writeFile(path.join(dir, 'index.html'), index);
  written.push('index.html');
  return written;
}

async function main() {
  if (process.env.NODE_ENV === 'production') {
    console.error('email:preview is a development tool; it does not run with NODE_ENV=production');
    process.exit(1);
  }
  const outAt = process.argv.indexOf('--out');
  const dir = path.resolve(
    outAt > 0 && process.argv[outAt + 1]
      ? process.argv[outAt + 1]!
      : path.join(import.meta.dirname, '../var/email-preview'),
  );
  const files = await writeEmailPreview(dir);
  console.log(`${files.length} files in ${dir}; open ${path.join(dir, 'index.html')}`);
}

if (import.meta.main) await main();
