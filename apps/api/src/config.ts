import { z } from 'zod';

/** API settings from the environment, validated at start with a clear message for a bad value. */
export const apiConfigSchema = z.object({
  anonymousToken: z.string().min(8),
  offerTtlSeconds: z.coerce
    .number()
    .int()
    .min(10)
    .max(24 * 3600)
    .default(20 * 60),
  baseCurrency: z.literal('USD').default('USD'),
});
export type ApiConfig = z.infer<typeof apiConfigSchema>;

export function apiConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = apiConfigSchema.safeParse({
    anonymousToken: env.PARVOZ_ANONYMOUS_TOKEN ?? 'parvoz-public-anonymous',
    offerTtlSeconds: env.OFFER_TTL_SECONDS,
  });
  if (!parsed.success) {
    throw new Error(`Invalid API configuration: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
