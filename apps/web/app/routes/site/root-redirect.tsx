export { loader } from './root-redirect.server.ts';

export default function RootRedirect() {
  return null;
}
