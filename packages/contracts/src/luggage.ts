/** Core's luggage rule for the web (zod-free: the booking page loads it on its critical path). */
export { luggageSuits } from '@parvoz/core/luggage-rules';
