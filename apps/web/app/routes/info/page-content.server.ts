import { data } from 'react-router';
import { endpoints } from '@parvoz/contracts/endpoints';
import { isLocale } from '@parvoz/i18n/locales';
import type { RequestState } from '../../lib/request-context.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { publicPageHeaders } from '../../lib/page-cache.server.ts';
import { providerDisplays } from '../../lib/payment-providers.server.ts';
import { pagePathOf } from '../../lib/not-found.server.ts';
import { INFO_PAGE_MAX_AGE_SECONDS, renderInfoPage } from '../../features/info/content.server.ts';
import { infoPageAt } from '../../features/info/content.ts';
import type { ProviderInUse } from './page-payment-providers.tsx';

/**
 * The loader of an information page: its text in the page's language, cacheable by anyone. The payment
 * security page also names the payment providers this site takes
 * (docs/payment-providers.md#what-every-provider-guarantees), as the API lists them.
 */
export async function infoPageLoader(request: Request, lang: string | undefined, state: RequestState) {
  // By the page's path, not the request's: an in-app navigation asks for `/{lang}/info/help.data`.
  const name = infoPageAt(pagePathOf(request));
  if (!isLocale(lang) || !name) throw new Response(null, { status: 404, statusText: 'Not Found' });
  const providers = name === 'paymentSecurity' ? await providersInUse(state) : [];
  return data(
    { name, content: renderInfoPage(lang, name), providers },
    { headers: publicPageHeaders(request, INFO_PAGE_MAX_AGE_SECONDS) },
  );
}

async function providersInUse(state: RequestState): Promise<ProviderInUse[]> {
  try {
    const { providers } = (await callEndpoint(state.api, endpoints.listPaymentProviders, {})).data;
    const displays = await providerDisplays(
      state,
      providers.map((p) => p.name),
    );
    return providers.map((provider, i) => ({ ...provider, display: displays[i]! }));
  } catch (error) {
    state.log.warn({ err: error }, 'payment providers not read');
    return [];
  }
}
