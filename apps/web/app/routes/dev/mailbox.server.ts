import { endpoints } from '@parvoz/contracts/endpoints';
import type { Route } from './+types/mailbox';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { orNotFound } from '../../lib/not-found.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';

/** The development mailbox: exists only while the API serves /v1/dev/mailbox (see the README). */
export async function loader({ context }: Route.LoaderArgs) {
  const body = await orNotFound(callEndpoint(context.get(requestStateContext).api, endpoints.devMailbox, {}));
  return { mails: body.data };
}
