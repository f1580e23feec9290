import { endpoints } from '@parvoz/contracts/endpoints';
import type { Traveller } from '@parvoz/contracts/travellers';
import { callEndpoint } from './endpoint-client.server.ts';
import type { RequestState } from './request-context.server.ts';

export type CurrentUser = {
  id: string;
  email: string;
  name: string | null;
  language: string | null;
  currency: string | null;
};

/** Fetches the signed-in user (spec §7: GET /v1/user/get-me?include=userDetail); a failure is only logged. */
export async function loadCurrentUser(state: RequestState): Promise<CurrentUser | null> {
  try {
    const body = await callEndpoint(state.api, endpoints.getMe, { query: { include: 'userDetail' } });
    const user = body.data;
    const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || null;
    return {
      id: user.id,
      email: user.email,
      name,
      language: user.userDetail?.language ?? null,
      currency: user.userDetail?.currency ?? null,
    };
  } catch (error) {
    state.log.warn(
      {
        status: (error as { status?: number }).status,
        reason: error instanceof Error ? error.message : String(error),
      },
      'get-me failed',
    );
    return null;
  }
}

const loaded = new WeakMap<RequestState, Promise<CurrentUser | null>>();

/** The same, fetched at most once per request (the guard and the root loader share it). */
export function loadCurrentUserOnce(state: RequestState): Promise<CurrentUser | null> {
  let user = loaded.get(state);
  if (!user) {
    user = loadCurrentUser(state);
    loaded.set(state, user);
  }
  return user;
}

/** The signed-in user's saved travellers for the booking form; none when they cannot be read (the form works without). */
export function loadSavedTravellers(state: RequestState): Promise<Traveller[]> {
  return callEndpoint(state.api, endpoints.listTravellers, {})
    .then((answer) => answer.data)
    .catch(() => []);
}
