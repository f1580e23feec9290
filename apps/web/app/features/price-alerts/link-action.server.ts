import { data } from 'react-router';
import { endpoints } from '@parvoz/contracts/endpoints';
import { priceAlertTokenRequestSchema } from '@parvoz/contracts/price-alerts';
import { isLocale } from '@parvoz/i18n/locales';
import { ApiError, type ApiClient } from '../../lib/api.server.ts';
import { callEndpoint, refusalOf } from '../../lib/endpoint-client.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import type { AlertLinkPage, AlertLinkResult } from './result.ts';

/** The button's one field: the link's token (the request's `lang` is the page's). */
const linkFormSchema = priceAlertTokenRequestSchema.pick({ token: true });

/**
 * The button of a confirm or unsubscribe page: posts the link's token to the API. Opening the link itself
 * changes nothing (mail scanners open links), as for the sign-in unlock link.
 */
export async function alertLinkAction(
  api: ApiClient,
  request: Request,
  lang: string | undefined,
  page: AlertLinkPage,
) {
  const submission = parseForm(await request.formData(), linkFormSchema);
  if (submission.status !== 'success')
    return data<AlertLinkResult>({ ok: false, problem: 'invalid' }, { status: 400 });
  const body = { token: submission.value.token, ...(isLocale(lang) ? { lang } : {}) };
  try {
    const link = page === 'confirm' ? endpoints.confirmPriceAlert : endpoints.unsubscribePriceAlert;
    const answer = await callEndpoint(api, link, { body });
    return data<AlertLinkResult>({ ok: true, alert: answer.data });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const refusal = refusalOf(error, endpoints.confirmPriceAlert, endpoints.unsubscribePriceAlert);
    const reason = refusal?.code === 'unprocessable' ? refusal.details.reason : undefined;
    const problem =
      error.status === 404 || error.status === 400
        ? 'invalid'
        : error.status === 429
          ? 'rate_limited'
          : reason === 'alert_limit'
            ? 'limit'
            : 'generic';
    return data<AlertLinkResult>({ ok: false, problem }, { status: error.status });
  }
}
