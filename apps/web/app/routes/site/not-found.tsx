export { loader } from './not-found.server.ts';

export default function NotFound() {
  return null;
}
