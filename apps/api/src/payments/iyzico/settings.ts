/**
 * iyzico's settings (docs/decisions/0016-card-providers.md), only from the environment: none of IYZICO_* set means
 * iyzico is not offered; some set means both keys must be, or the start fails naming them.
 */
import { z } from 'zod';
import { providerFeeSettings, requiredWithOthers } from '../provider-settings.ts';

const key = (variable: string) =>
  z
    .string({ error: requiredWithOthers(variable) })
    .min(8, `${variable}: expected the key iyzico issued (at least 8 characters)`)
    .max(200, `${variable}: at most 200 characters`);

export const iyzicoSettingsSchema = z.object({
  /** The merchant's API key; `sandbox-…` keys are iyzico's sandbox accounts. */
  apiKey: key('IYZICO_API_KEY'),
  /** The secret key: signs our calls (IYZWSv2) and checks iyzico's answers and notifications. */
  secretKey: key('IYZICO_SECRET_KEY'),
  /** iyzico's API base; unset, it follows the key (`iyzicoBaseUrl`). */
  baseUrl: z.url({ protocol: /^https?$/, error: 'IYZICO_BASE_URL: expected an http(s) URL' }).optional(),
  ...providerFeeSettings('IYZICO'),
});
export type IyzicoSettings = z.infer<typeof iyzicoSettingsSchema>;

/** iyzico's API base: IYZICO_BASE_URL, else by the key (its sandbox keys start with `sandbox-`). */
export function iyzicoBaseUrl(settings: IyzicoSettings): string {
  if (settings.baseUrl) return settings.baseUrl;
  return settings.apiKey.startsWith('sandbox-')
    ? 'https://sandbox-api.iyzipay.com'
    : 'https://api.iyzipay.com';
}

declare module '../provider-settings.ts' {
  interface PaymentProviderSettings {
    /** iyzico's Checkout Form (IYZICO_*): offered for TRY orders; unset, the provider is off. */
    iyzico?: IyzicoSettings;
  }
}
