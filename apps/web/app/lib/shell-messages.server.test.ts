import { expect, test, vi } from 'vitest';
import { LOCALES } from '@parvoz/i18n/locales';
import { parsesDuring } from '@parvoz/i18n/testing';
import { prepareSharedIntl, sharedIntl } from './i18n.tsx';
import { MESSAGES } from '@parvoz/i18n/messages';
import {
  adoptPageMessagesPlan,
  allMessagesFiles,
  isEmailMessage,
  pageMessagesFile,
  shellMessages,
  shellMessagesFile,
} from './shell-messages.server.ts';
import {
  keepShellMessages,
  loadPageMessages,
  loadShellMessages,
  pageMessagesOf,
  shellMessagesOf,
} from './shell-messages.ts';
import { WORDS_NOT_LOADED } from './missing-words.ts';
import { shellMessagesFiles } from '../../build-tools/shell-messages.ts';
import { fromShipped } from './shipped-messages.ts';

test('every request of a language gets the same AST catalogue and intl, which formats without parsing', () => {
  // The real parser still runs behind the counter: a string catalogue would be counted, not refused.
  const parses = parsesDuring(() => {
    for (const locale of LOCALES) {
      const messages = shellMessages(locale);
      expect(shellMessages(locale)).toBe(messages);
      // AST, with plain texts as text (shipped-messages.ts): no ICU string to parse.
      expect(Object.values(fromShipped(messages)).every(Array.isArray)).toBe(true);
      const intl = sharedIntl(locale, messages);
      expect(sharedIntl(locale, shellMessages(locale))).toBe(intl);
      expect(intl.formatMessage({ id: 'search.results.count' }, { count: 3 })).toMatch(/\b3\b/);
      expect(intl.formatMessage({ id: 'nav.skipToContent' })).not.toBe('nav.skipToContent');
    }
  });
  expect(parses).toBe(0);
});

test("the browser builds root's intl before hydrating, not in the caller's task; root's render then finds it", async () => {
  const messages = structuredClone(shellMessages('tr'));
  let done = false;
  const prepared = prepareSharedIntl('tr', messages).then((intl) => {
    done = true;
    return intl;
  });
  expect(done).toBe(false);
  const intl = await prepared;
  expect(sharedIntl('tr', messages)).toBe(intl);
  expect(await prepareSharedIntl('tr', messages)).toBe(intl);
  expect(intl.formatMessage({ id: 'nav.skipToContent' })).toBe(MESSAGES.tr['nav.skipToContent']);
});

test("a language's messages file carries exactly its catalogue, under a name that changes with the words", async () => {
  const names = new Set<string>();
  for (const locale of LOCALES) {
    const { fileName, source } = shellMessagesFile(locale);
    expect(fileName).toMatch(new RegExp(`^assets/messages-${locale}-[0-9a-f]{12}\\.js$`));
    names.add(fileName);
    // What the browser gets when it imports the file.
    const url = `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`;
    const loaded = ((await import(/* @vite-ignore */ url)) as { default: unknown }).default;
    expect(loaded).toEqual(shellMessages(locale));
    // The name is the words' hash: the same words, the same name; other words (another language), another.
    expect(shellMessagesFile(locale).fileName).toBe(fileName);
  }
  expect(names.size).toBe(LOCALES.length);
});

test('the build writes every language file the server names, and only into the browser build', () => {
  const plugin = shellMessagesFiles();
  const emitted: Array<{ fileName: string; source: string }> = [];
  const generate = (consumer: 'client' | 'server') =>
    (plugin.generateBundle as (this: unknown) => void).call({
      environment: { config: { consumer } },
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    });
  generate('server');
  expect(emitted).toEqual([]);
  generate('client');
  expect(emitted.map((f) => f.fileName)).toEqual(LOCALES.map((l) => shellMessagesFile(l).fileName));
  expect(emitted.map((f) => f.source)).toEqual(LOCALES.map((l) => shellMessagesFile(l).source));
});

test('rendering reads a language only once it is kept or loaded from its file', async () => {
  expect(() => shellMessagesOf('tr')).toThrow(/tr messages are not loaded/);
  const { source } = shellMessagesFile('tr');
  await loadShellMessages('tr', `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
  expect(shellMessagesOf('tr')).toEqual(shellMessages('tr'));
  keepShellMessages('uz', shellMessages('uz'));
  expect(shellMessagesOf('uz')).toBe(shellMessages('uz'));
});

test('no page ships the emails’ words, and no page names one (the API writes every email)', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const path = await import('node:path');
  const emailKeys = Object.keys(MESSAGES.en).filter(isEmailMessage);
  expect(emailKeys.length).toBeGreaterThan(50);
  for (const locale of LOCALES)
    expect(Object.keys(fromShipped(shellMessages(locale))).filter(isEmailMessage)).toEqual([]);
  const app = path.resolve(import.meta.dirname, '..');
  const sources = (readdirSync(app, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(path.join(app, file), 'utf8'));
  const named = emailKeys.filter((key) => sources.some((source) => source.includes(`'${key}'`)));
  expect(named).toEqual([]);
});

test("with the build's plan the shell's file carries its words only, names each route's file, and those carry the rest", async () => {
  const dataUrl = (source: string) => `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`;
  const whole = shellMessagesFile('ru');
  adoptPageMessagesPlan({
    shell: ['nav.skipToContent', 'app.name'],
    pages: { '/assets/booking-1.js': { name: 'routes-flights-booking', keys: ['booking.submit'] } },
  });
  try {
    const shell = shellMessagesFile('ru');
    expect(shell.fileName).not.toBe(whole.fileName);
    const loaded = (await import(/* @vite-ignore */ dataUrl(shell.source))) as {
      default: Record<string, unknown>;
      pages: Record<string, string>;
    };
    expect(Object.keys(loaded.default).sort()).toEqual(['app.name', 'nav.skipToContent']);
    const page = pageMessagesFile('ru', '/assets/booking-1.js')!;
    expect(page.fileName).toMatch(/^assets\/page-messages-ru-routes-flights-booking-[0-9a-f]{12}\.js$/);
    expect(loaded.pages).toEqual({ '/assets/booking-1.js': `/${page.fileName}` });
    const words = ((await import(/* @vite-ignore */ dataUrl(page.source))) as { default: unknown }).default;
    expect(words).toEqual({ 'booking.submit': shellMessages('ru')['booking.submit'] });
    expect(pageMessagesFile('ru', '/assets/home-1.js')).toBeUndefined();
    // Every file the browser may ask for is written by the build: 4 shells and 4 booking files.
    expect(allMessagesFiles().map((f) => f.fileName)).toContain(page.fileName);
    expect(allMessagesFiles()).toHaveLength(LOCALES.length * 2);
  } finally {
    adoptPageMessagesPlan(null);
  }
  expect(shellMessagesFile('ru')).toEqual(whole);
});

test("in the browser a page's words are the shell's and its routes' own, one object for the same routes", async () => {
  const dataUrl = (source: string) => `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`;
  adoptPageMessagesPlan({
    shell: ['app.name'],
    pages: {
      '/assets/results-1.js': { name: 'routes-flights-results', keys: ['search.results.count'] },
      '/assets/booking-1.js': { name: 'routes-flights-booking', keys: ['booking.submit'] },
    },
  });
  vi.stubGlobal('document', {});
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const shell = shellMessagesFile('tr');
    keepShellMessages(
      'tr',
      { 'app.name': 'Parvoz' },
      {
        '/assets/results-1.js': dataUrl(pageMessagesFile('tr', '/assets/results-1.js')!.source),
        '/assets/booking-1.js': dataUrl(pageMessagesFile('tr', '/assets/booking-1.js')!.source),
      },
    );
    expect(shell.fileName).toMatch(/^assets\/messages-tr-/);
    // Shown before its words loaded (a bug): said on the console, and not kept so.
    const early = pageMessagesOf('tr', ['/assets/root-1.js', '/assets/booking-1.js']);
    expect(early).toEqual({ 'app.name': 'Parvoz' });
    expect(errors).toHaveBeenCalledWith(`${WORDS_NOT_LOADED}: tr /assets/booking-1.js`);
    await loadPageMessages('tr', ['/assets/root-1.js', '/assets/results-1.js', '/assets/booking-1.js']);
    const page = pageMessagesOf('tr', ['/assets/root-1.js', '/assets/booking-1.js']);
    expect(page).toEqual({ 'app.name': 'Parvoz', 'booking.submit': shellMessages('tr')['booking.submit'] });
    expect(pageMessagesOf('tr', ['/assets/root-1.js', '/assets/booking-1.js'])).toBe(page);
    // A route without words of its own: the shell's object itself.
    expect(pageMessagesOf('tr', ['/assets/root-1.js'])).toBe(shellMessagesOf('tr'));
  } finally {
    vi.unstubAllGlobals();
    errors.mockRestore();
    adoptPageMessagesPlan(null);
    keepShellMessages('tr', shellMessages('tr'));
  }
});
