import type { Route } from './+types/not-found';
import { redirectOrNotFound } from '../../lib/not-found.server.ts';

export function loader({ request }: Route.LoaderArgs) {
  redirectOrNotFound(request);
}
