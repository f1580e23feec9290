/** `npm run email:preview` (ADR 0019): every email in every language written; refused in production. */
import { afterAll, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LOCALES } from '@parvoz/i18n/locales';
import { EMAIL_SAMPLES } from '@parvoz/api/routes/v1/dev/email-samples';
import { writeEmailPreview } from './email-preview.ts';

const run = promisify(execFile);
const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'parvoz-email-preview-'));
  dirs.push(dir);
  return dir;
};

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

test('renders every email in every language, HTML and text, with an index linking them', async () => {
  const dir = await tempDir();
  const files = await writeEmailPreview(dir);
  expect(files).toHaveLength(EMAIL_SAMPLES.length * LOCALES.length * 2 + 1);
  const index = await readFile(path.join(dir, 'index.html'), 'utf8');
  for (const lang of LOCALES) {
    expect((await readdir(path.join(dir, lang))).sort()).toEqual(
      EMAIL_SAMPLES.flatMap((s) => [`${s.name}.html`, `${s.name}.txt`]).sort(),
    );
    for (const sample of EMAIL_SAMPLES) {
      const html = await readFile(path.join(dir, lang, `${sample.name}.html`), 'utf8');
      expect(html).toContain(`lang="${lang}"`);
      const text = await readFile(path.join(dir, lang, `${sample.name}.txt`), 'utf8');
      expect(text).toMatch(/^Subject: .+\n\nParvoz\n/);
      expect(index).toContain(`href="${lang}/${sample.name}.html"`);
    }
  }
});

test('is not available in production: the script refuses and writes nothing', async () => {
  const dir = await tempDir();
  const script = path.join(import.meta.dirname, 'email-preview.ts');
  const refused = await run(process.execPath, [script, '--out', dir], {
    env: { ...process.env, NODE_ENV: 'production' },
  }).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(refused?.code).toBe(1);
  expect(refused?.stderr).toContain('NODE_ENV=production');
  expect(await readdir(dir)).toEqual([]);
});
