import { describe, expect, test } from 'vitest';
import { isFormBody } from './form-body.server.ts';

const post = (body: BodyInit | null, contentType?: string) =>
  new Request('http://parvoz.test/en/login', {
    method: 'POST',
    body,
    headers: contentType ? { 'content-type': contentType } : {},
  });

describe('isFormBody', () => {
  test.each([
    ['URL-encoded', post('intent=send&email=a%40b.c', 'application/x-www-form-urlencoded'), true],
    ['empty URL-encoded', post('', 'application/x-www-form-urlencoded'), true],
    ['multipart', post(new FormData()), true],
    ['JSON', post('{"intent":"send"}', 'application/json'), false],
    ['text/plain', post('intent=send', 'text/plain'), false],
    ['multipart without a boundary', post('--x--', 'multipart/form-data'), false],
    [
      'truncated multipart',
      post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', 'multipart/form-data; boundary=x'),
      false,
    ],
    ['no body', post(null), false],
  ])('%s', async (_name, request, expected) => {
    expect(await isFormBody(request)).toBe(expected);
    // The action can still read the body afterwards.
    if (expected) await expect(request.formData()).resolves.toBeInstanceOf(FormData);
  });
});
