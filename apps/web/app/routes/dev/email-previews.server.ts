import { endpoints } from '@parvoz/contracts/endpoints';
import type { Route } from './+types/email-previews';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { orNotFound } from '../../lib/not-found.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';

/** The previews of every email (ADR 0019): exist only while the API serves the mailbox (a 404 otherwise). */
export async function loader({ context }: Route.LoaderArgs) {
  const body = await orNotFound(
    callEndpoint(context.get(requestStateContext).api, endpoints.devEmailPreviews, {}),
  );
  return { samples: body.data };
}
