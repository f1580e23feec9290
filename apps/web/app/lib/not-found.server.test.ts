import { expect, test } from 'vitest';
import { ApiError } from './api.server.ts';
import { orNotFound } from './not-found.server.ts';

const apiError = (status: number) => new ApiError('GET', '/v1/x', new Response(null, { status }), null);
const notFoundAnswer = expect.objectContaining({ status: 404, statusText: 'Not Found' });

test("orNotFound passes the API's answer through", async () => {
  expect(await orNotFound(Promise.resolve({ data: 1 }))).toEqual({ data: 1 });
});

test("the API's 404 becomes the page's 404", async () => {
  await expect(orNotFound(Promise.reject(apiError(404)))).rejects.toBeInstanceOf(Response);
  await expect(orNotFound(Promise.reject(apiError(404)))).rejects.toEqual(notFoundAnswer);
});

test('the statuses given are all not found; any other failure is thrown as it is', async () => {
  await expect(orNotFound(Promise.reject(apiError(403)), [403, 404])).rejects.toEqual(notFoundAnswer);
  const unavailable = apiError(503);
  await expect(orNotFound(Promise.reject(unavailable))).rejects.toBe(unavailable);
  await expect(orNotFound(Promise.reject(apiError(403)))).rejects.toBeInstanceOf(ApiError);
  const broken = new TypeError('fetch failed');
  await expect(orNotFound(Promise.reject(broken), [404])).rejects.toBe(broken);
});
