/**
 * Payme's settings (docs/decisions/0012-payme-and-click.md), only from the environment: none of PAYME_* set
 * means Payme is not offered; some set means all the required ones must be, or the start fails naming them.
 */
import { z } from 'zod';
import { requiredWithOthers, settingUrl as url } from '../provider-settings.ts';
import { allOrNone, ikpuCode, packageCode, providerFeeSettings, vatPercent } from '../provider-settings.ts';

/** The fiscal settings: all of them or none (no fiscal `detail` is sent then). */
const FISCAL = [
  'fiscalTicketIkpu',
  'fiscalTicketPackageCode',
  'fiscalTicketVatPercent',
  'fiscalLuggageIkpu',
  'fiscalLuggagePackageCode',
  'fiscalLuggageVatPercent',
] as const;
/** The agency's service fee as a receipt item of its own: all three or none (none: the fee stays in the tickets). */
const FISCAL_SERVICE_FEE = [
  'fiscalServiceFeeIkpu',
  'fiscalServiceFeePackageCode',
  'fiscalServiceFeeVatPercent',
] as const;

export const paymeSettingsSchema = z
  .object({
    /** The web cashbox's id (Payme's `ID` type: 24 hexadecimal characters), `m=` of the checkout URL. */
    merchantId: z
      .string({ error: requiredWithOthers('PAYME_MERCHANT_ID') })
      .regex(/^[0-9a-f]{24}$/i, 'PAYME_MERCHANT_ID: expected the 24-character id of the Payme cashbox'),
    /** The cashbox key: the password of Payme's Basic authentication and of the Subscribe API's X-Auth. */
    key: z
      .string({ error: requiredWithOthers('PAYME_KEY') })
      .min(16, 'PAYME_KEY: expected the cashbox key Payme issued (at least 16 characters)')
      .max(200, 'PAYME_KEY: at most 200 characters'),
    /** The login of that Basic authentication ("Paycom" unless Payme's support names another). */
    login: z
      .string()
      .min(1, 'PAYME_LOGIN: must not be empty')
      .max(100, 'PAYME_LOGIN: at most 100 characters')
      .default('Paycom'),
    /** Where the traveller pays: checkout.paycom.uz, or checkout.test.paycom.uz for Payme's test platform. */
    checkoutUrl: url('PAYME_CHECKOUT_URL').default('https://checkout.paycom.uz'),
    /** Payme's Subscribe API (refunds with receipts.cancel, reconciliation with receipts.get_all). */
    apiUrl: url('PAYME_API_URL').default('https://checkout.paycom.uz/api'),
    /**
     * The fiscal receipt's codes and VAT (CheckPerformTransaction's `detail`,
     * developer.help.paycom.uz/metody-merchant-api/checkperformtransaction): a passenger's ticket and a checked bag
     * are items of their own, each with the IKPU code, package code and VAT rate the agency registered for it.
     */
    fiscalTicketIkpu: ikpuCode('PAYME_FISCAL_TICKET_IKPU').optional(),
    fiscalTicketPackageCode: packageCode('PAYME_FISCAL_TICKET_PACKAGE_CODE').optional(),
    fiscalTicketVatPercent: vatPercent('PAYME_FISCAL_TICKET_VAT_PERCENT').optional(),
    fiscalLuggageIkpu: ikpuCode('PAYME_FISCAL_LUGGAGE_IKPU').optional(),
    fiscalLuggagePackageCode: packageCode('PAYME_FISCAL_LUGGAGE_PACKAGE_CODE').optional(),
    fiscalLuggageVatPercent: vatPercent('PAYME_FISCAL_LUGGAGE_VAT_PERCENT').optional(),
    /**
     * The agency's service fee is its own service, not the airline's: with these it is an item of its own
     * (packages/core/src/receipt-lines.ts `feesApart`) under the code the agency registered for it.
     */
    fiscalServiceFeeIkpu: ikpuCode('PAYME_FISCAL_SERVICE_FEE_IKPU').optional(),
    fiscalServiceFeePackageCode: packageCode('PAYME_FISCAL_SERVICE_FEE_PACKAGE_CODE').optional(),
    fiscalServiceFeeVatPercent: vatPercent('PAYME_FISCAL_SERVICE_FEE_VAT_PERCENT').optional(),
    ...providerFeeSettings('PAYME'),
  })
  .superRefine(allOrNone('PAYME', FISCAL))
  .superRefine(allOrNone('PAYME', FISCAL_SERVICE_FEE));
export type PaymeSettings = z.infer<typeof paymeSettingsSchema>;

declare module '../provider-settings.ts' {
  interface PaymentProviderSettings {
    /** Payme (PAYME_*): offered for UZS orders; unset, the provider is off. */
    payme?: PaymeSettings;
  }
}
