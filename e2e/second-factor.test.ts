/**
 * The console's second factor (docs/decisions/0023-console-second-factor.md) in Chromium with a virtual authenticator (CDP), on a site
 * opened as http://localhost:<port> with PUBLIC_URL set to it (a passkey's relying party is a host name, never
 * an IP address):
 *  - the first admin (made by `npm run ops -- add-admin`) signs in by emailed code and is sent to enrol, adds a
 *    passkey — registered for real by the authenticator and verified by the server — gets the ten recovery
 *    codes once, and reaches the console;
 *  - a new session must pass the passkey (the same credential in another browser context) before the console;
 *  - a recovery code opens a session once, and not a second;
 *  - the pages are axe-clean, on a 360 px phone too;
 *  - the default `npm start` origin (an IP address) offers only the authenticator app, and says why; the app is
 *    enrolled there (a mistyped code keeps its key).
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { gotoHydrated } from './support/browser.ts';
import { expectAxeClean } from './support/axe.ts';
import { en } from './support/messages.ts';
import { type RunningSite, stopSuite, startSiteWithMail } from './support/server.ts';
import type { TestSmtpServer } from './support/smtp.ts';
import { signInOnPage } from './support/journeys.ts';
import { totpCodeAt } from '../apps/api/src/second-factor/totp.ts';

const ADMIN = 'keyholder@agency.test';
let smtp: TestSmtpServer;
let site: RunningSite;
let browser: Browser;
/** The site's public origin: http://localhost:<port>. */
let origin: string;
let codesSent = 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  ({ smtp, site, browser } = await startSiteWithMail(
    {
      PORT: String(port),
      PUBLIC_URL: origin,
      // The admin signs in several times in a row (a new code may otherwise be asked for a minute later).
      SIGNIN_RESEND_SECONDS: '1',
    },
    { admin: ADMIN },
  ));
  expect(site.adminOutput).toContain(`${ADMIN} is now an admin of the console`);
});

afterAll(() => stopSuite(site, browser, smtp));

/** A browser context with a virtual platform authenticator (user verification on, resident keys). */
async function withAuthenticator(options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { context, page, cdp, authenticatorId };
}

async function signIn(page: Page) {
  codesSent += 1;
  await signInOnPage(page, origin, smtp, ADMIN, codesSent);
}

const heading = (page: Page, key: Parameters<typeof en>[0]) =>
  page.getByRole('heading', { level: 1, name: en(key) });

let credential: Awaited<ReturnType<CDPSession['send']>> & { credentials?: unknown[] };
let recoveryCodes: string[] = [];

test('an admin signs in by emailed code, is sent to enrol, adds a passkey, keeps the recovery codes and reaches the console', async () => {
  const { context, page, cdp, authenticatorId } = await withAuthenticator();
  await signIn(page);
  // Any console page sends the session to the second-factor page.
  await gotoHydrated(page, `${origin}/en/ops/orders`);
  await page.waitForURL(`${origin}/en/ops/security`);
  await heading(page, 'ops.security.heading.enrol').waitFor();
  await page.getByText(en('ops.security.intro.enrol')).waitFor();
  // The API says the same to the session's token: a typed 403, not the console.
  const token = (await context.cookies()).find((c) => c.name === 'token')!.value;
  const refused = await fetch(`${origin}/v1/ops/orders`, { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('second_factor_required');
  await expectAxeClean(page, 'enrol');

  await page.getByLabel(en('ops.security.factorName')).fill('Laptop');
  await page.getByRole('button', { name: en('ops.security.passkey.add') }).click();
  const list = page.getByTestId('recovery-codes');
  await list.waitFor();
  recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(recoveryCodes).toHaveLength(10);
  for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  await expectAxeClean(page, 'recovery codes');
  // Going on needs the box ticked.
  await page.getByRole('button', { name: en('ops.security.codes.continue') }).click();
  expect(new URL(page.url()).pathname).toBe('/en/ops/security');
  await page.getByLabel(en('ops.security.codes.saved')).check();
  await page.getByRole('button', { name: en('ops.security.codes.continue') }).click();
  await page.waitForURL(`${origin}/en/ops`);
  await heading(page, 'ops.overview.heading').waitFor();

  // The security page lists the passkey, from the console's navigation.
  await page
    .getByRole('navigation', { name: en('ops.nav.label') })
    .getByRole('link', { name: en('ops.nav.security') })
    .click();
  await heading(page, 'ops.security.heading.manage').waitFor();
  const factors = page.getByTestId('second-factors');
  await factors.getByText('Laptop').waitFor();
  await factors.getByText(en('ops.security.factors.kindPasskey')).waitFor();
  await page.getByText(en('ops.security.recovery.left', { count: 10 })).waitFor();
  await expectAxeClean(page, 'manage');
  // The authenticator holds the credential the server verified: kept to use it from another session.
  credential = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credential.credentials).toHaveLength(1);
  await context.close();
});

test('a new session must pass the passkey before the console (another context, the same credential)', async () => {
  const { context, page, cdp, authenticatorId } = await withAuthenticator();
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: credential.credentials![0] as never,
  });
  await signIn(page);
  await gotoHydrated(page, `${origin}/en/ops`);
  await page.waitForURL(`${origin}/en/ops/security`);
  await heading(page, 'ops.security.heading.verify').waitFor();
  // Only the security page is in the navigation until then.
  const nav = page.getByRole('navigation', { name: en('ops.nav.label') });
  expect(await nav.getByRole('link').count()).toBe(1);
  await expectAxeClean(page, 'verify');
  await page.getByRole('button', { name: en('ops.security.passkey.use') }).click();
  await page.waitForURL(`${origin}/en/ops`);
  await heading(page, 'ops.overview.heading').waitFor();
  await context.close();
});

test('a recovery code opens a session once, on a 360 px phone; the second time it is refused', async () => {
  const code = recoveryCodes[0]!;
  let refusedToken = '';
  for (const attempt of ['first', 'second'] as const) {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await signIn(page);
    await gotoHydrated(page, `${origin}/en/ops`);
    await heading(page, 'ops.security.heading.verify').waitFor();
    await page.getByRole('textbox', { name: en('ops.security.recovery.code') }).fill(code.toUpperCase());
    await page.getByRole('button', { name: en('ops.security.recovery.use') }).click();
    if (attempt === 'first') {
      await page.waitForURL(`${origin}/en/ops`);
      await heading(page, 'ops.overview.heading').waitFor();
    } else {
      await page
        .getByRole('alert')
        .filter({ hasText: en('ops.security.error.invalid') })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/en/ops/security');
      await expectAxeClean(page, 'refused recovery code, 360 px');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      refusedToken = (await context.cookies()).find((c) => c.name === 'token')!.value;
    }
    await context.close();
  }
  // Another code still works for that session, and the API counts what is left.
  const verified = await fetch(`${origin}/v1/ops/second-factor/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${refusedToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'recovery_code', code: recoveryCodes[1] }),
  });
  expect(verified.status).toBe(200);
  expect(
    ((await verified.json()) as { data: { recovery_codes_left: number } }).data.recovery_codes_left,
  ).toBe(8);
});

test('on the default npm start origin (an IP address) only the authenticator app is offered, and the page says why', async () => {
  const ipSite = await startSiteWithMail({}, { admin: 'ip.admin@agency.test' });
  try {
    const page = await ipSite.browser.newPage();
    await signInOnPage(page, ipSite.site.url, ipSite.smtp, 'ip.admin@agency.test');
    await gotoHydrated(page, `${ipSite.site.url}/en/ops`);
    await heading(page, 'ops.security.heading.enrol').waitFor();
    const origin127 = new URL(ipSite.site.url).origin;
    await page.getByText(en('ops.security.passkey.unavailableIp', { origin: origin127 })).waitFor();
    expect(await page.getByRole('button', { name: en('ops.security.passkey.add') }).count()).toBe(0);
    // The authenticator app: its QR code and key; a mistyped code keeps the key, the right one enrols it.
    await page.getByRole('button', { name: en('ops.security.totp.add') }).click();
    await page.getByRole('img', { name: en('ops.security.totp.qr') }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await expectAxeClean(page, 'authenticator app set-up');
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: en('ops.security.totp.confirm') }) });
    await form.getByLabel(en('ops.security.factorName')).fill('Phone');
    await form.getByLabel(en('ops.security.totp.code')).fill('000000');
    await form.getByRole('button', { name: en('ops.security.totp.confirm') }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: en('ops.security.error.invalid') })
      .waitFor();
    expect((await page.getByTestId('totp-secret').textContent())!.trim()).toBe(secret);
    await form.getByLabel(en('ops.security.factorName')).fill('Phone');
    await form.getByLabel(en('ops.security.totp.code')).fill(totpCodeAt(secret, new Date()));
    await form.getByRole('button', { name: en('ops.security.totp.confirm') }).click();
    await page.getByTestId('recovery-codes').waitFor();
  } finally {
    await stopSuite(ipSite.site, ipSite.browser, ipSite.smtp);
  }
});
