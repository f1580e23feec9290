import { expect, test } from 'vitest';
import { compiledMessages, MESSAGES } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import { renderInRoot } from '../testing/render.tsx';
import { ErrorPage } from './ErrorPage.tsx';

function render(locale: Locale, props: Parameters<typeof ErrorPage>[0]): string {
  return renderInRoot(locale, <ErrorPage {...props} />, compiledMessages(locale));
}

test('404 uses the not-found variant with the path', () => {
  const html = render('en', { status: 404, path: '/en/x' });
  expect(html).toContain('Page Not Found');
  expect(html).toContain('Page not found: /en/x');
  expect(html).toContain('Error 404');
});

test('other statuses use the generic variant: "Internal Server Error" unless a status message is supplied', () => {
  expect(render('en', { status: 500, path: '/en' })).toContain('Internal Server Error');
  const custom = render('en', { status: 503, statusText: 'Service Unavailable', path: '/en' });
  expect(custom).toContain('Service Unavailable');
  expect(custom).not.toContain('Internal Server Error');
});

test.each(['ru', 'uz', 'tr'] as const)('the variants are translated (%s)', (locale) => {
  expect(render(locale, { status: 404, path: '/p' })).toContain(MESSAGES[locale]['error.notFound.title']);
  expect(render(locale, { status: 500, path: '/p' })).toContain(MESSAGES[locale]['error.generic.title']);
});
