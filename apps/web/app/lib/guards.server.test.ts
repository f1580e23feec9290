import { describe, expect, test } from 'vitest';
import { RouterContextProvider } from 'react-router';
import { GUARDS, guardNamed, requireUser, runGuards } from './guards.server.ts';
import { requestStateContext } from './request-context.server.ts';
import type { RequestState } from './request-context.server.ts';
import { testRequestState } from '../testing/request-state.ts';

function stateWith(token: string | null, getMe: () => Promise<unknown>): RequestState {
  const fail = () => Promise.reject(new Error('unexpected call'));
  return testRequestState(
    { get: getMe as never, post: fail, put: fail, patch: fail, delete: fail },
    { token },
  );
}

describe('route guards', () => {
  test('the table names the auth guard', () => {
    expect(guardNamed('auth')).toBe(requireUser);
    expect(Object.keys(GUARDS)).toEqual(['auth']);
  });

  test.each(['admin', 'Auth', '', 'toString', '__proto__'])(
    'an unknown guard name %j throws',
    async (name) => {
      expect(() => guardNamed(name)).toThrow(`Unknown route guard name: ${name}`);
      const context = new RouterContextProvider();
      context.set(
        requestStateContext,
        stateWith(null, () => Promise.reject(new Error('no'))),
      );
      await expect(runGuards(context, name)).rejects.toThrow(`Unknown route guard name: ${name}`);
    },
  );

  test('auth refuses an anonymous visitor with 401 without calling the API', async () => {
    const refusal = await requireUser(stateWith(null, () => Promise.reject(new Error('no'))))
      .then(() => null)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(401);
  });

  test('auth refuses a token the API does not accept, and lets a signed-in user through', async () => {
    const expired = stateWith('stale', () =>
      Promise.reject(Object.assign(new Error('401'), { status: 401 })),
    );
    await expect(requireUser(expired)).rejects.toBeInstanceOf(Response);
    const signedIn = stateWith('good', () =>
      // The answer as GET /v1/user/get-me's contract gives it (the client checks it outside production).
      Promise.resolve({
        data: {
          id: 'u1',
          email: 'a@example.com',
          first_name: null,
          last_name: null,
          created_at: '2030-01-01T00:00:00.000Z',
        },
      }),
    );
    await expect(requireUser(signedIn)).resolves.toBeUndefined();
  });
});
