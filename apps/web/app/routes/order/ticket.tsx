export { loader } from './ticket.server.ts';
