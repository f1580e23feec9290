import { expect, test } from 'vitest';
import { ApiError } from './api.server.ts';
import { orNotFound } from './not-found.server.ts';

const apiError = (status: number) => new ApiError('GET', '/v1/x', new Response(null, { status }), null);

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

test("orNotFound passes the API's answer through", async () => {
  expect(await orNotFound(Promise.resolve({ data: 1 }))).toEqual({ data: 1 });
});

test("the API's 404 becomes the page's 404", async () => {
  const error = await thrown(orNotFound(Promise.reject(apiError(404))));
  expect(error).toBeInstanceOf(Response);
  expect((error as Response).status).toBe(404);
  expect((error as Response).statusText).toBe('Not Found');
});

test('the statuses given are all not found; any other failure is thrown as it is', async () => {
  const forbidden = await thrown(orNotFound(Promise.reject(apiError(403)), [403, 404]));
  expect((forbidden as Response).status).toBe(404);
  const unavailable = apiError(503);
  expect(await thrown(orNotFound(Promise.reject(unavailable)))).toBe(unavailable);
  expect(await thrown(orNotFound(Promise.reject(apiError(403))))).toBeInstanceOf(ApiError);
  const broken = new TypeError('fetch failed');
  expect(await thrown(orNotFound(Promise.reject(broken), [404]))).toBe(broken);
});
