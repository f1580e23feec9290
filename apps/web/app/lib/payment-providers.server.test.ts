import { describe, expect, test } from 'vitest';
import { NOT_FOUND, useApiStandIn, type Asked } from '../testing/api-stand-in.ts';
import { testRequestState } from '../testing/request-state.ts';
import { providerNames } from './payment-providers.server.ts';

// The console names a refund's provider by its id only: the name shown is the API's
// (GET /v1/payments/provider_displays, docs/payment-providers.md), never the id with a capital.
const display = (name: string, displayName: string) => ({
  name,
  display_name: displayName,
  description: null,
  badge: { background: '#112233', foreground: '#ffffff', glyph: displayName[0] },
});

const answer = ({ method, path }: Asked) =>
  method === 'GET' && path === '/v1/payments/provider_displays'
    ? {
        status: 200,
        body: {
          data: { providers: [display('iyzico', 'iyzico'), display('sandbox', 'Песочница')] },
        },
      }
    : NOT_FOUND;

const standIn = useApiStandIn(answer);

describe('providers named where only their id is known', () => {
  test('a brand keeps its own spelling, the sandbox is named in the page’s language, each asked once', async () => {
    const state = testRequestState(standIn.api, { locale: 'ru' });
    expect(await providerNames(state, ['iyzico', 'sandbox', 'iyzico'])).toEqual({
      iyzico: 'iyzico',
      sandbox: 'Песочница',
    });
    expect(standIn.asked.map((a) => a.path)).toEqual(['/v1/payments/provider_displays']);
  });

  test('no refunds: nothing asked', async () => {
    expect(await providerNames(testRequestState(standIn.api), [])).toEqual({});
    expect(standIn.asked).toEqual([]);
  });
});
