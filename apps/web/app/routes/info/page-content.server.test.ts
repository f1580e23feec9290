import { expect, test } from 'vitest';
import type { RequestState } from '../../lib/request-context.server.ts';
import { infoPageLoader } from './page-content.server.ts';

test('an information page answers an in-app navigation (`/{lang}/info/help.data`) as it answers its document', async () => {
  // Only the payment-security page reads the request's state (to ask the API for its providers).
  const state = {} as RequestState;
  for (const url of [
    'http://site.test/ru/info/help',
    'http://site.test/ru/info/help.data?_routes=routes%2Flang-layout%2Cinfo-help',
  ]) {
    const answer = await infoPageLoader(new Request(url), 'ru', state);
    expect(answer.data.name, url).toBe('help');
  }
  await expect(
    infoPageLoader(new Request('http://site.test/ru/info/nope.data'), 'ru', state),
  ).rejects.toMatchObject({ status: 404 });
});
