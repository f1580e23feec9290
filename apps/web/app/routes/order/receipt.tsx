export { loader } from './receipt.server.ts';
