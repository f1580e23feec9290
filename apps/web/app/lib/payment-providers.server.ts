import type { PaymentProviderDisplay } from '@parvoz/contracts/booking';
import { endpoints } from '@parvoz/contracts/endpoints';
import { callEndpoint } from './endpoint-client.server.ts';
import type { RequestState } from './request-context.server.ts';

/**
 * How the payment providers named by `names` are shown, in that order and the page's language
 * (docs/payment-providers.md): their names, descriptions and badges come from the API
 * (GET /v1/payments/provider_displays), which reads each provider's folder; the web keeps no table of them. A
 * provider the answer does not know, or an API that could not say, gets its name and a neutral badge.
 */
export async function providerDisplays(
  state: RequestState,
  names: readonly string[],
): Promise<PaymentProviderDisplay[]> {
  if (names.length === 0) return [];
  let known: readonly PaymentProviderDisplay[] = [];
  try {
    known = (
      await callEndpoint(state.api, endpoints.listPaymentProviderDisplays, {
        query: { lang: state.locale },
      })
    ).data.providers;
  } catch (error) {
    state.log.warn({ err: error }, 'payment provider displays not read');
  }
  return names.map((name) => known.find((display) => display.name === name) ?? neutralDisplay(name));
}

/**
 * The names of the providers `ids` as the API gives them in the page's language (where only an id is known: the
 * console's refunds): a brand keeps its own spelling ("iyzico"), the sandbox's is a word of ours.
 */
export async function providerNames(
  state: RequestState,
  ids: readonly string[],
): Promise<Record<string, string>> {
  const displays = await providerDisplays(state, [...new Set(ids)]);
  return Object.fromEntries(displays.map((display) => [display.name, display.display_name]));
}

function neutralDisplay(name: string): PaymentProviderDisplay {
  return {
    name,
    display_name: name.charAt(0).toUpperCase() + name.slice(1),
    description: null,
    badge: { background: '#e5e7eb', foreground: '#374151', glyph: name.charAt(0).toUpperCase() || '?' },
  };
}
