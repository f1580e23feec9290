import { afterEach, expect, test, vi } from 'vitest';
import { handleFatalError, installFatalErrorHandler, mountOrReport } from './fatal-errors.client.ts';

afterEach(() => vi.restoreAllMocks());

test('a mount failure is logged through the one handler and rethrown', () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const failure = new Error('hydration failed');
  expect(() =>
    mountOrReport(() => {
      throw failure;
    }),
  ).toThrow(failure);
  expect(log).toHaveBeenCalledWith('[parvoz] fatal error (mount):', failure);
});

test('uncaught errors and rejections reach the handler, each error once', () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const target = new EventTarget();
  installFatalErrorHandler(target as unknown as Window);
  const error = new Error('boom');
  target.dispatchEvent(Object.assign(new Event('error'), { error }));
  const rejection = Object.assign(new Event('unhandledrejection'), { reason: 'no network' });
  target.dispatchEvent(rejection);
  handleFatalError(error, 'render');
  expect(log.mock.calls).toEqual([
    ['[parvoz] fatal error (uncaught):', error],
    ['[parvoz] fatal error (unhandled rejection):', 'no network'],
  ]);
});
