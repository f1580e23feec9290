/**
 * Payme's settings (docs/decisions/0012-payme-and-click.md), only from the environment: none of PAYME_* set
 * means Payme is not offered; some set means all the required ones must be, or the start fails naming them.
 */
import { z } from 'zod';
import { settingsFromEnv, settingUrl as url } from '../provider-settings.ts';

export const paymeSettingsSchema = z.object({
  /** The web cashbox's id (Payme's `ID` type: 24 hexadecimal characters), `m=` of the checkout URL. */
  merchantId: z
    .string({ error: 'PAYME_MERCHANT_ID is required with the other PAYME_ variables' })
    .regex(/^[0-9a-f]{24}$/i, 'PAYME_MERCHANT_ID: expected the 24-character id of the Payme cashbox'),
  /** The cashbox key: the password of Payme's Basic authentication and of the Subscribe API's X-Auth. */
  key: z
    .string({ error: 'PAYME_KEY is required with the other PAYME_ variables' })
    .min(16, 'PAYME_KEY: expected the cashbox key Payme issued (at least 16 characters)')
    .max(200, 'PAYME_KEY: at most 200 characters'),
  /** The login of that Basic authentication ("Paycom" unless Payme's support names another). */
  login: z.string().min(1, 'PAYME_LOGIN: must not be empty').max(100).default('Paycom'),
  /** Where the traveller pays: checkout.paycom.uz, or checkout.test.paycom.uz for Payme's test platform. */
  checkoutUrl: url('PAYME_CHECKOUT_URL').default('https://checkout.paycom.uz'),
  /** Payme's Subscribe API (refunds with receipts.cancel, reconciliation with receipts.get_all). */
  apiUrl: url('PAYME_API_URL').default('https://checkout.paycom.uz/api'),
});
export type PaymeSettings = z.infer<typeof paymeSettingsSchema>;

/** The PAYME_* variables as the schema's input, or undefined when none is set (Payme off). */
export function paymeSettingsFromEnv(env: NodeJS.ProcessEnv): unknown {
  return settingsFromEnv(env, 'PAYME', paymeSettingsSchema);
}
