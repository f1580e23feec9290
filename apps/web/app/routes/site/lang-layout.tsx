import { Outlet } from 'react-router';
import type { Route } from './+types/lang-layout';

export { loader } from './lang-layout.server.ts';

export function headers({ loaderHeaders, parentHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  for (const cookie of loaderHeaders.getSetCookie()) merged.append('Set-Cookie', cookie);
  return merged;
}

export default function LangLayout() {
  return <Outlet />;
}
