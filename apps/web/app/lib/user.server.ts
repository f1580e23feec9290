import type { RequestState } from './request-context.server.ts';

type GetMeResponse = {
  data: { id: string; email: string; first_name?: string | null; last_name?: string | null };
};

/** Fetches the signed-in user (spec §7: GET /v1/user/get-me?include=userDetail); a failure is only logged. */
export async function loadCurrentUser(state: RequestState) {
  try {
    const body = await state.api.get<GetMeResponse>('/v1/user/get-me', { query: { include: 'userDetail' } });
    const user = body.data;
    const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || null;
    return { id: user.id, email: user.email, name };
  } catch (error) {
    console.warn(
      JSON.stringify({
        msg: 'get-me failed',
        requestId: state.requestId,
        status: (error as { status?: number }).status,
      }),
    );
    return null;
  }
}
