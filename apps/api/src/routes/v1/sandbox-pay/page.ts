/**
 * The sandbox provider's hosted pages (self-contained HTML, no scripts): the card form, the 3-D Secure
 * step and the messages, translated with the shared messages, with labels, error summary and hints.
 */
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type CardField = 'card_number' | 'expiry' | 'cvc' | 'holder';

const FIELD_ERRORS: Record<CardField, string> = {
  card_number: 'payment.sandbox.error.cardNumber',
  expiry: 'payment.sandbox.error.expiry',
  cvc: 'payment.sandbox.error.cvc',
  holder: 'payment.sandbox.error.holder',
};

const STYLE = `*{box-sizing:border-box}body{margin:0;background:#f3f4f6;color:#111827;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:440px;margin:0 auto;padding:24px 16px}.card{background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.375rem;margin:0 0 4px}.muted{color:#4b5563;font-size:.875rem}.amount{font-size:1.75rem;font-weight:700;margin:8px 0 16px}
.notice{background:#fef3c7;border:1px solid #f59e0b;border-radius:8px;padding:10px 12px;font-size:.875rem;margin:0 0 16px}
label{display:block;font-weight:600;margin:14px 0 4px}input{width:100%;padding:10px 12px;border:1px solid #6b7280;border-radius:8px;font:inherit;background:#fff;color:#111827}
input:focus,button:focus,a:focus{outline:3px solid #2563eb;outline-offset:2px}input[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
.row{display:flex;gap:12px}.row>div{flex:1}.error{color:#b91c1c;font-size:.875rem;margin:4px 0 0}
.summary{border:2px solid #b91c1c;border-radius:8px;padding:10px 12px;color:#b91c1c;margin:0 0 12px}
button{width:100%;margin-top:20px;padding:12px;border:0;border-radius:8px;background:#1d4ed8;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8;border:2px solid #1d4ed8;margin-top:10px}a{color:#1d4ed8}.center{text-align:center;margin-top:16px}`;

function page(lang: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><div class="card">${body}</div></main></body></html>`;
}

export interface CardFormView {
  lang: Locale;
  action: string;
  backUrl: string;
  reference: string;
  amount: string;
  errors?: Partial<Record<CardField, true>>;
  /** Kept on a failed submit (never the card number or CVC). */
  values?: { expiry?: string; holder?: string };
}

export function cardFormPage(view: CardFormView): string {
  const intl = getIntl(view.lang);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const errors = view.errors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  const firstError = (['card_number', 'expiry', 'cvc', 'holder'] as const).find((f) => errors[f]);
  const input = (
    name: CardField,
    label: string,
    attrs: string,
    value = '',
  ) => `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" ${attrs} value="${escapeHtml(value)}" required${errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}${firstError === name ? ' autofocus' : ''}>
${errors[name] ? `<p class="error" id="${name}-error">${escapeHtml(t(FIELD_ERRORS[name]))}</p>` : ''}`;
  return page(
    view.lang,
    t('payment.sandbox.pageTitle'),
    `<h1>${escapeHtml(t('payment.sandbox.heading'))}</h1>
<p class="muted">${escapeHtml(t('payment.sandbox.merchant', { reference: view.reference }))}</p>
<p class="amount"><span class="muted">${escapeHtml(t('payment.sandbox.amount'))}: </span>${escapeHtml(view.amount)}</p>
<p class="notice">${escapeHtml(t('payment.sandbox.testNotice'))}</p>
${hasErrors ? `<div class="summary" role="alert">${escapeHtml(t('payment.sandbox.errorSummary'))}</div>` : ''}
<form method="post" action="${escapeHtml(view.action)}" novalidate>
${input('card_number', t('payment.sandbox.cardNumber'), 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
<div class="row"><div>${input('expiry', t('payment.sandbox.expiry'), `type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="${escapeHtml(t('payment.sandbox.expiryPlaceholder'))}" maxlength="7"`, view.values?.expiry)}</div>
<div>${input('cvc', t('payment.sandbox.cvc'), 'type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="3"')}</div></div>
${input('holder', t('payment.sandbox.holder'), 'type="text" autocomplete="cc-name" maxlength="100"', view.values?.holder)}
<button type="submit">${escapeHtml(t('payment.sandbox.pay', { amount: view.amount }))}</button>
</form>
<p class="muted">${escapeHtml(t('payment.sandbox.privacy'))}</p>
<p class="center"><a href="${escapeHtml(view.backUrl)}">${escapeHtml(t('payment.sandbox.cancel'))}</a></p>`,
  );
}

export function threeDsPage(view: {
  lang: Locale;
  action: string;
  amount: string;
  challenge: string;
}): string {
  const intl = getIntl(view.lang);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return page(
    view.lang,
    t('payment.sandbox.threeDs.heading'),
    `<h1>${escapeHtml(t('payment.sandbox.threeDs.heading'))}</h1>
<p>${escapeHtml(t('payment.sandbox.threeDs.body', { amount: view.amount }))}</p>
<p class="notice">${escapeHtml(t('payment.sandbox.testNotice'))}</p>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="challenge" value="${escapeHtml(view.challenge)}">
<button type="submit" name="decision" value="confirm">${escapeHtml(t('payment.sandbox.threeDs.confirm'))}</button>
<button type="submit" name="decision" value="cancel" class="secondary">${escapeHtml(t('payment.sandbox.threeDs.cancel'))}</button>
</form>`,
  );
}

export type MessageKind = 'closed' | 'invalid' | 'failed';

const MESSAGE_KEYS: Record<MessageKind, { heading: string; body: string }> = {
  closed: { heading: 'payment.sandbox.closed.heading', body: 'payment.sandbox.closed.body' },
  invalid: { heading: 'payment.sandbox.invalid.heading', body: 'payment.sandbox.invalid.body' },
  failed: { heading: 'payment.sandbox.failed.heading', body: 'payment.sandbox.failed.body' },
};

export function messagePage(lang: Locale, kind: MessageKind, backUrl?: string): string {
  const intl = getIntl(lang);
  const keys = MESSAGE_KEYS[kind];
  const heading = intl.formatMessage({ id: keys.heading });
  return page(
    lang,
    heading,
    `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(intl.formatMessage({ id: keys.body }))}</p>
${backUrl ? `<p class="center"><a href="${escapeHtml(backUrl)}">${escapeHtml(intl.formatMessage({ id: 'payment.sandbox.back' }))}</a></p>` : ''}`,
  );
}
