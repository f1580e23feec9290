/**
 * The console's second factor (docs/decisions/0023-console-second-factor.md) for suites whose admins reach the console: an authenticator
 * app enrolled on the first visit and its codes typed afterwards, as a person with a phone would, either on
 * the console's own page (`passSecondFactorOnPage`) or through the API (`passSecondFactorByApi`). The secret
 * and the last time step used are kept per site and email, so a later session types a code not used yet.
 */
import type { Page } from 'playwright-core';
import { TOTP_PERIOD_SECONDS } from '@parvoz/core/second-factor';
import { totpCodeAt } from '../../apps/api/src/second-factor/totp.ts';
import { en } from './messages.ts';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
const kept = new Map<string, { secret: string; lastStep: number }>();
const keyOf = (siteUrl: string, email: string) => `${new URL(siteUrl).origin} ${email}`;

/** The code of `secret` for the first time step after the last one used (at most one ahead: the drift allowed). */
async function nextCode(siteUrl: string, email: string): Promise<string> {
  const found = kept.get(keyOf(siteUrl, email));
  if (!found) throw new Error(`no authenticator app kept for ${email}`);
  let step = Math.floor(Date.now() / STEP_MS);
  if (step <= found.lastStep) step = found.lastStep + 1;
  // Two steps ahead would be refused: wait for the clock instead.
  while (step > Math.floor(Date.now() / STEP_MS) + 1) await new Promise((r) => setTimeout(r, 1000));
  found.lastStep = step;
  return totpCodeAt(found.secret, new Date(step * STEP_MS));
}

function remember(siteUrl: string, email: string, secret: string) {
  kept.set(keyOf(siteUrl, email), { secret, lastStep: Math.floor(Date.now() / STEP_MS) });
}

/**
 * The signed-in page opens the console; if it is sent to the second-factor page, an authenticator app is
 * enrolled (the first time: the recovery codes' "I saved them" ticked) or its code typed. Ends on the
 * console's overview (English pages).
 */
export async function passSecondFactorOnPage(page: Page, siteUrl: string, email: string): Promise<void> {
  await page.goto(`${siteUrl}/en/ops`);
  if (!new URL(page.url()).pathname.endsWith('/ops/security')) return;
  const enrol = page.getByRole('heading', { level: 1, name: en('ops.security.heading.enrol') });
  const verify = page.getByRole('heading', { level: 1, name: en('ops.security.heading.verify') });
  await enrol.or(verify).waitFor();
  if (await enrol.isVisible()) {
    await page.getByRole('button', { name: en('ops.security.totp.add') }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    remember(siteUrl, email, secret);
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: en('ops.security.totp.confirm') }) });
    await form.getByLabel(en('ops.security.factorName')).fill('Phone');
    await form.getByLabel(en('ops.security.totp.code')).fill(totpCodeAt(secret, new Date()));
    await form.getByRole('button', { name: en('ops.security.totp.confirm') }).click();
    await page.getByTestId('recovery-codes').waitFor();
    await page.getByLabel(en('ops.security.codes.saved')).check();
    await page.getByRole('button', { name: en('ops.security.codes.continue') }).click();
  } else {
    await page.getByLabel(en('ops.security.totp.code')).fill(await nextCode(siteUrl, email));
    await page.getByRole('button', { name: en('ops.security.totp.verify') }).click();
  }
  await page.waitForURL(`${siteUrl}/en/ops`);
}

/** The same through the API with a session token (suites that drive the console with `fetch`). */
export async function passSecondFactorByApi(siteUrl: string, token: string, email: string): Promise<void> {
  const call = async (method: string, path: string, body?: object) => {
    const answer = await fetch(`${siteUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
    return answer.json() as Promise<{ data: Record<string, unknown> }>;
  };
  const status = (await call('GET', '/v1/ops/me')).data.second_factor;
  if (status === 'verified') return;
  if (status === 'verify') {
    await call('POST', '/v1/ops/second-factor/verify', {
      method: 'totp',
      code: await nextCode(siteUrl, email),
    });
    return;
  }
  const secret = (await call('POST', '/v1/ops/second-factor/totp/setup')).data.secret as string;
  remember(siteUrl, email, secret);
  await call('POST', '/v1/ops/second-factor/totp', { name: 'Phone', code: totpCodeAt(secret, new Date()) });
}
