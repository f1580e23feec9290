/**
 * Information pages and search-engine visibility in Chromium: every information page in every language with
 * its translated title and text, the meta tags (title, description, canonical, hreflang, Open Graph), cache
 * headers, sitemap.xml (every public page × 4 languages, each answering 200), robots.txt, and axe.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LOCALES } from '@parvoz/i18n/locales';
import { type RunningSite, stopSuite, startSiteWithBrowser } from './support/server.ts';

import { INFO_PAGES, type InfoPageName } from '../apps/web/app/features/info/content.ts';
import { renderInfoPage } from '../apps/web/app/features/info/content.server.ts';
import { PUBLIC_PATHS } from '../apps/web/app/features/info/public-pages.ts';
import { expectAxeClean } from './support/axe.ts';
import { m } from './support/messages.ts';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  ({ site, browser } = await startSiteWithBrowser());
});

afterAll(() => stopSuite(site, browser));

const PATHS: Record<InfoPageName, string> = {
  agreement: '/info/agreement',
  confidential: '/info/confidential',
  paymentSecurity: '/info/payment-security',
  contacts: '/info/contacts',
  offer: '/info/offer',
  help: '/info/help',
};

/** What the head says about the page. */
async function headOf(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    alternates: Object.fromEntries(
      [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute('hreflang'),
        l.getAttribute('href'),
      ]),
    ),
    og: Object.fromEntries(
      [...document.querySelectorAll('meta[property^="og:"]')].map((meta) => [
        meta.getAttribute('property'),
        meta.getAttribute('content'),
      ]),
    ),
  }));
}

describe.each(LOCALES)('information pages in %s', (lang) => {
  test('each page shows its translated title and full text, with its own meta tags', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    for (const name of Object.keys(PATHS) as InfoPageName[]) {
      const url = `${site.url}/${lang}${PATHS[name]}`;
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      const headers = response!.headers();
      // Browsers may keep it; shared caches may not, as the page carries this request's CSP nonce.
      expect(headers['cache-control']).toMatch(/^private, max-age=\d+/);
      expect(headers['vary']).toMatch(/Cookie/);

      const heading = m(lang, INFO_PAGES[name].heading);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
      const text = (await page.locator('#main').innerText()).replace(/\s+/g, ' ');
      const content = renderInfoPage(lang, name);
      expect(text).toContain(content.lead);
      for (const section of content.sections) {
        expect(text, `${url} ${section.id}`).toContain(section.title);
        const blocks = [...section.blocks, ...section.faq.flatMap((item) => item.answer)];
        for (const block of blocks) {
          for (const line of block.kind === 'p' ? [block.text] : block.items) expect(text).toContain(line);
        }
        for (const item of section.faq) expect(text).toContain(item.question);
      }

      const head = await headOf(page);
      expect(head.title).toBe(`${heading} — Parvoz`);
      expect(head.description).toBe(m(lang, INFO_PAGES[name].description));
      expect(head.canonical).toBe(url);
      expect(head.alternates).toEqual({
        ...Object.fromEntries(LOCALES.map((l) => [l, `${site.url}/${l}${PATHS[name]}`])),
        'x-default': `${site.url}/en${PATHS[name]}`,
      });
      expect(head.og).toMatchObject({ 'og:title': head.title, 'og:url': url, 'og:site_name': 'Parvoz' });
    }
    await page.close();
  });
});

test('axe finds no serious or critical violation on the information pages', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const [index, path] of Object.values(PATHS).entries()) {
    await page.goto(`${site.url}/${LOCALES[index % LOCALES.length]}${path}`);
    await expectAxeClean(page);
  }
  await context.close();
});

test('a signed-in visitor’s page is never stored by shared caches', async () => {
  const response = await fetch(`${site.url}/en/info/help`, { headers: { cookie: 'token=whatever' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-cache');
});

test('the shell does not ship the information texts to other pages', async () => {
  const html = await (await fetch(`${site.url}/en/settings`)).text();
  expect(html).not.toContain(renderInfoPage('en', 'agreement').lead);
  expect(html).not.toContain('content.agreement');
});

describe('sitemap.xml and robots.txt', () => {
  test('the sitemap lists every public page in every language, with alternates, and each answers 200', async () => {
    const response = await fetch(`${site.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

    const tours = (await (await fetch(`${site.url}/v1/tours?lang=en`)).json()) as {
      data: { slug: string }[];
    };
    expect(tours.data.length).toBeGreaterThan(0);
    const paths = [...PUBLIC_PATHS, ...tours.data.map((t) => `/tours/${t.slug}`)];
    const expected = paths.flatMap((path) => LOCALES.map((lang) => `${site.url}/${lang}${path}`));
    expect(locs.sort()).toEqual(expected.sort());
    expect(paths).toEqual(
      expect.arrayContaining(['', '/tours', '/agencies', ...Object.values(PATHS), '/info/my-ticket']),
    );
    expect(xml.match(/hreflang="x-default"/g)).toHaveLength(locs.length);

    const statuses = new Map<string, number>();
    for (let i = 0; i < locs.length; i += 8) {
      await Promise.all(
        locs.slice(i, i + 8).map(async (loc) => {
          const answer = await fetch(loc, { redirect: 'manual' });
          await answer.arrayBuffer();
          statuses.set(loc, answer.status);
        }),
      );
    }
    expect([...statuses].filter(([, status]) => status !== 200)).toEqual([]);
  });

  test('robots.txt keeps crawlers off personal pages and names the sitemap', async () => {
    const response = await fetch(`${site.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('User-agent: *');
    for (const path of ['/*/profile', '/*/login', '/*/orders/', '/v1/'])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  });

  test('a tour page names itself in its own title and description', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/tr/tours/tbilisi-old-town-from-almaty`);
    const head = await headOf(page);
    expect(head.title).toBe('Tiflis: Almatı’dan Eski Şehir’de 4 gece — Parvoz');
    expect(head.description).toContain('Narikala');
    expect(head.og['og:type']).toBe('article');
    expect(head.alternates.ru).toBe(`${site.url}/ru/tours/tbilisi-old-town-from-almaty`);
    await page.close();
  });
});
