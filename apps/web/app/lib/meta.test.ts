import { expect, test } from 'vitest';
import { MESSAGES } from '@parvoz/i18n/messages';
import type { RootData } from './i18n.tsx';
import { consoleMessages, shellMessages } from './shell-messages.server.ts';
import { keepShellMessages } from './shell-messages.ts';
import { errorMeta, pageMeta } from './meta.ts';

// A page's title and an error page's title are made of the same words: the shell's in the page's language,
// and under a layout that ships words of its own (the console's) those too.
keepShellMessages('ru', shellMessages('ru'));
const root = { locale: 'ru' } as RootData;
const inConsole = [
  { id: 'root', loaderData: root },
  { id: 'routes/ops/layout', loaderData: { consoleMessages: consoleMessages('ru') } },
];
const app = MESSAGES.ru['app.name'];

test('a console page’s title is in the console’s words', () => {
  expect(shellMessages('ru')).not.toHaveProperty(['ops.staff.heading']);
  expect(pageMeta({ matches: inConsole }, 'ops.staff.heading')[0]).toEqual({
    title: `${MESSAGES.ru['ops.staff.heading']} — ${app}`,
  });
  expect(errorMeta({ matches: inConsole }, { key: 'ops.staff.heading' })).toEqual([
    { title: `${MESSAGES.ru['ops.staff.heading']} — ${app}` },
    { name: 'robots', content: 'noindex' },
  ]);
});

test('elsewhere the shell’s words name it, and without the root the site’s name alone', () => {
  expect(
    errorMeta({ matches: [{ id: 'root', loaderData: root }] }, { key: 'error.notFound.title' })[0],
  ).toEqual({
    title: `${MESSAGES.ru['error.notFound.title']} — ${app}`,
  });
  expect(errorMeta({ matches: [] }, { text: 'Bad Request' })[0]).toEqual({ title: 'Parvoz' });
  expect(pageMeta({ matches: [] }, 'page.home.title')).toEqual([]);
});
