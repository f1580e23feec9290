import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { cardDigits, cvcValid, expiryNotPast, luhnValid, sandboxOutcome } from '@parvoz/core/cards';
import type { OrderPrice } from '@parvoz/core/order-pricing';
import { isLocale, type Locale } from '@parvoz/i18n/locales';
import {
  deliverSandboxWebhook,
  isSitePath,
  SANDBOX_PROVIDER,
  SANDBOX_SESSION_PATTERN,
} from '../../../payments/sandbox.ts';
import { withPaymentResult, type PaymentEventType } from '../../../payments/provider.ts';
import { publicOrigin } from '../../../public-origin.ts';
import { formatAmount } from '../../../modules/documents/index.ts';
import { paymentSession, sessionOpen } from '../../../modules/payments/index.ts';
import { cardFormPage, messagePage, threeDsPage, type CardField } from './page.ts';

/** The 3-D Secure step may be answered for this long after the card was accepted. */
const CHALLENGE_TTL_SECONDS = 15 * 60;

/**
 * The sandbox payment provider's hosted page (docs/design.md §4), standing in for an outside card processor:
 *   GET  /v1/sandbox-pay/:session       the card form
 *   POST /v1/sandbox-pay/:session       checks the card (Luhn, expiry, CVC, holder) and settles it
 *   POST /v1/sandbox-pay/:session/3ds   the 3-D Secure confirmation (card 4000 0000 0000 3220)
 * The card data lives only in this handler's variables: never stored, logged or passed on. The outcome
 * reaches the site only by the signed webhook this page sends over HTTP; then the browser goes back to
 * `/{lang}/orders/{id}?payment=success|declined`. `:session` is the payment's provider ref; the return path
 * and the page language are read from the payment row (nothing secret in the URL).
 */
export const sandboxPayRoutes: FastifyPluginAsync = async (app) => {
  const { db, now, config } = app.deps;
  const secret = config.paymentWebhookSecret;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const challengeFor = (ref: string, issuedAt: number) =>
    `${issuedAt}.${createHmac('sha256', secret).update(`sandbox 3ds|${ref}|${issuedAt}`).digest('base64url')}`;
  const challengeValid = (ref: string, value: unknown): boolean => {
    if (typeof value !== 'string' || value.length > 200) return false;
    const issuedAt = Number(value.split('.')[0]);
    if (!Number.isSafeInteger(issuedAt)) return false;
    const age = now().getTime() / 1000 - issuedAt;
    if (age < 0 || age > CHALLENGE_TTL_SECONDS) return false;
    const expected = Buffer.from(challengeFor(ref, issuedAt));
    const given = Buffer.from(value);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Frame-Options', 'DENY')
      .header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      .send(body);

  /** A session as the page uses it: where to return, in which language. */
  type SandboxSession = { ref: string; returnPath: string; lang: Locale };

  /** The session of the URL and its payment with the card form's fields, or an answered reply. */
  async function open(request: FastifyRequest<{ Params: { session: string } }>, reply: FastifyReply) {
    const ref = request.params.session;
    const row = SANDBOX_SESSION_PATTERN.test(ref) ? await paymentSession(db, SANDBOX_PROVIDER, ref) : null;
    if (!row) return { reply: html(reply, 404, messagePage('en', 'invalid')) };
    const { payment, order } = row;
    const lang: Locale = isLocale(payment.lang) ? payment.lang : isLocale(order.lang) ? order.lang : 'en';
    const returnPath =
      payment.returnPath && isSitePath(payment.returnPath)
        ? payment.returnPath
        : `/${lang}/orders/${order.id}`;
    const session: SandboxSession = { ref, returnPath, lang };
    if (!sessionOpen(row, now()))
      return { reply: html(reply, 409, messagePage(session.lang, 'closed', session.returnPath)) };
    const price = order.price as OrderPrice;
    const amount = formatAmount(session.lang, price.total_amount, price.currency);
    // The form posts back to the page's own path.
    const form = {
      lang: session.lang,
      action: request.url.split('?')[0]!,
      backUrl: session.returnPath,
      reference: order.bookingReference,
      amount,
    };
    return { session, row, amount, form };
  }

  const back = (session: SandboxSession, result: 'success' | 'declined') =>
    withPaymentResult(session.returnPath, result);

  /** Tells the site by a signed webhook over HTTP, like an outside provider; false when the site did not take it. */
  async function notify(
    row: NonNullable<Awaited<ReturnType<typeof paymentSession>>>,
    type: PaymentEventType,
  ): Promise<boolean> {
    const origin = publicOrigin(config.publicUrl, app.server.address());
    if (!origin) {
      app.log.error(
        'sandbox payment: the site has no address to send the webhook to (not listening, no PUBLIC_URL)',
      );
      return false;
    }
    const status = await deliverSandboxWebhook(
      `${origin}/v1/payments/webhooks/${SANDBOX_PROVIDER}`,
      secret,
      {
        type,
        providerRef: row.payment.providerRef!,
        amountMinor: row.payment.amountMinor,
        currency: row.payment.currency,
      },
      now,
    );
    if (status < 200 || status >= 300) {
      app.log.error({ status, paymentId: row.payment.id, type }, 'sandbox payment: webhook not accepted');
      return false;
    }
    return true;
  }

  async function settle(
    reply: FastifyReply,
    session: SandboxSession,
    row: NonNullable<Awaited<ReturnType<typeof paymentSession>>>,
    result: 'success' | 'declined',
  ) {
    const delivered = await notify(row, result === 'success' ? 'payment.succeeded' : 'payment.failed');
    if (!delivered) return html(reply, 502, messagePage(session.lang, 'failed', session.returnPath));
    return reply.header('Cache-Control', 'no-store').redirect(back(session, result), 303);
  }

  app.get<{ Params: { session: string } }>('/:session', async (request, reply) => {
    const opened = await open(request, reply);
    if ('reply' in opened) return opened.reply;
    return html(reply, 200, cardFormPage(opened.form));
  });

  app.post<{ Params: { session: string }; Body: Record<string, unknown> | undefined }>(
    '/:session',
    async (request, reply) => {
      const opened = await open(request, reply);
      if ('reply' in opened) return opened.reply;
      const { session, row, amount, form } = opened;
      const field = (name: string) => {
        const value = request.body?.[name];
        return typeof value === 'string' ? value.slice(0, 200) : '';
      };
      const digits = cardDigits(field('card_number'));
      const expiry = field('expiry');
      const holder = field('holder').trim().replace(/\s+/g, ' ');
      const today = now().toISOString().slice(0, 10);
      const errors: Partial<Record<CardField, true>> = {};
      if (!digits || !luhnValid(digits)) errors.card_number = true;
      if (expiryNotPast(expiry, today) !== true) errors.expiry = true;
      if (!cvcValid(field('cvc'))) errors.cvc = true;
      if (holder.length < 2 || holder.length > 100 || !/\p{L}/u.test(holder)) errors.holder = true;
      if (Object.keys(errors).length > 0 || !digits) {
        return html(
          reply,
          422,
          cardFormPage({
            ...form,
            errors,
            values: { expiry: expiry.slice(0, 7), holder: holder.slice(0, 100) },
          }),
        );
      }
      const outcome = sandboxOutcome(digits);
      if (outcome === 'three_d_secure') {
        await notify(row, 'payment.requires_action');
        return html(
          reply,
          200,
          threeDsPage({
            lang: session.lang,
            action: `${form.action}/3ds`,
            amount,
            challenge: challengeFor(session.ref, Math.floor(now().getTime() / 1000)),
          }),
        );
      }
      return settle(reply, session, row, outcome === 'success' ? 'success' : 'declined');
    },
  );

  app.post<{ Params: { session: string }; Body: Record<string, unknown> | undefined }>(
    '/:session/3ds',
    async (request, reply) => {
      const opened = await open(request, reply);
      if ('reply' in opened) return opened.reply;
      const { session, row } = opened;
      if (!challengeValid(session.ref, request.body?.challenge)) {
        return html(reply, 400, messagePage(session.lang, 'invalid', session.returnPath));
      }
      return settle(reply, session, row, request.body?.decision === 'confirm' ? 'success' : 'declined');
    },
  );
};
