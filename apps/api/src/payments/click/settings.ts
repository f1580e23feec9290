/**
 * Click's settings (docs/decisions/0012-payme-and-click.md), only from the environment: none of CLICK_* set
 * means Click is not offered; some set means all the required ones must be, or the start fails naming them.
 */
import { z } from 'zod';
import { requiredWithOthers, settingUrl as url } from '../provider-settings.ts';
import { allOrNone, ikpuCode, packageCode, providerFeeSettings, vatPercent } from '../provider-settings.ts';

const id = (variable: string) =>
  z.coerce
    .number({ error: requiredWithOthers(variable) })
    .int(`${variable}: expected Click's numeric id`)
    .positive(`${variable}: expected Click's numeric id`)
    .max(Number.MAX_SAFE_INTEGER);

/** Click's documents call the IKPU code SPIC, and its variables and messages say so. */
const spic = (variable: string) => ikpuCode(variable, 'the 17-digit SPIC (IKPU) code');
const clickPackageCode = (variable: string) => packageCode(variable, 'the package code');
const clickVatPercent = (variable: string) => vatPercent(variable, 'a whole percentage');

/** The fiscal settings: all of them or none (then no fiscal data is sent to Click). */
const FISCAL = [
  'fiscalTicketSpic',
  'fiscalTicketPackageCode',
  'fiscalTicketVatPercent',
  'fiscalLuggageSpic',
  'fiscalLuggagePackageCode',
  'fiscalLuggageVatPercent',
  'fiscalTin',
] as const;
/** The agency's service fee as an item of its own: all four or none (none: the fee stays in the tickets). */
const FISCAL_SERVICE_FEE = [
  'fiscalServiceFeeSpic',
  'fiscalServiceFeePackageCode',
  'fiscalServiceFeeVatPercent',
  'fiscalServiceFeeTin',
] as const;

export const clickSettingsSchema = z
  .object({
    /** The service's id: `service_id` of the payment page, of every Prepare/Complete and of the Merchant API. */
    serviceId: id('CLICK_SERVICE_ID'),
    merchantId: id('CLICK_MERCHANT_ID'),
    /** The user of the Merchant API's `Auth` header (refunds). */
    merchantUserId: id('CLICK_MERCHANT_USER_ID'),
    /** SECRET_KEY of the `sign_string` MD5 and of the Merchant API digest. */
    secretKey: z
      .string({ error: requiredWithOthers('CLICK_SECRET_KEY') })
      .min(8, 'CLICK_SECRET_KEY: expected the secret key Click issued (at least 8 characters)')
      .max(200, 'CLICK_SECRET_KEY: at most 200 characters'),
    /** The payment page the traveller is sent to. */
    payUrl: url('CLICK_PAY_URL').default('https://my.click.uz/services/pay'),
    /** The Merchant API (payment reversal). */
    apiUrl: url('CLICK_API_URL').default('https://api.click.uz/v2/merchant'),
    /**
     * How long a prepared, not yet completed attempt holds its order against a second one (./shop.ts):
     * Click documents no limit between Prepare and Complete, so an attempt left on Click's page stops holding
     * the order after this long (a late Complete is still taken, and refunded as a late payment).
     */
    attemptMinutes: z.coerce
      .number()
      .int('CLICK_ATTEMPT_MINUTES: expected whole minutes')
      .min(1, 'CLICK_ATTEMPT_MINUTES: at least 1')
      .max(1440, 'CLICK_ATTEMPT_MINUTES: at most 1440 (a day)')
      .default(10),
    /**
     * Fiscal data (docs.click.uz/merchant-api/fiscalization, submit_items): a ticket and a checked bag are items
     * of their own with the SPIC (IKPU, 17 digits) and package code the agency registered, their VAT rate, and
     * the TIN of the commission receipt (`CommissionInfo`: on whose behalf the agency sells).
     */
    fiscalTicketSpic: spic('CLICK_FISCAL_TICKET_SPIC').optional(),
    fiscalTicketPackageCode: clickPackageCode('CLICK_FISCAL_TICKET_PACKAGE_CODE').optional(),
    fiscalTicketVatPercent: clickVatPercent('CLICK_FISCAL_TICKET_VAT_PERCENT').optional(),
    fiscalLuggageSpic: spic('CLICK_FISCAL_LUGGAGE_SPIC').optional(),
    fiscalLuggagePackageCode: clickPackageCode('CLICK_FISCAL_LUGGAGE_PACKAGE_CODE').optional(),
    fiscalLuggageVatPercent: clickVatPercent('CLICK_FISCAL_LUGGAGE_VAT_PERCENT').optional(),
    fiscalTin: z
      .string()
      .regex(/^\d{9}$/, 'CLICK_FISCAL_TIN: expected a 9-digit TIN')
      .optional(),
    /**
     * The agency's service fee is its own service, not sold on the airline's behalf: with these it is an item of
     * its own (packages/core/src/receipt-lines.ts `feesApart`) whose `CommissionInfo` names the agency's own TIN.
     */
    fiscalServiceFeeSpic: spic('CLICK_FISCAL_SERVICE_FEE_SPIC').optional(),
    fiscalServiceFeePackageCode: clickPackageCode('CLICK_FISCAL_SERVICE_FEE_PACKAGE_CODE').optional(),
    fiscalServiceFeeVatPercent: clickVatPercent('CLICK_FISCAL_SERVICE_FEE_VAT_PERCENT').optional(),
    fiscalServiceFeeTin: z
      .string()
      .regex(/^\d{9}$/, 'CLICK_FISCAL_SERVICE_FEE_TIN: expected a 9-digit TIN')
      .optional(),
    ...providerFeeSettings('CLICK'),
  })
  .superRefine(allOrNone('CLICK', FISCAL))
  .superRefine(allOrNone('CLICK', FISCAL_SERVICE_FEE));
export type ClickSettings = z.infer<typeof clickSettingsSchema>;

declare module '../provider-settings.ts' {
  interface PaymentProviderSettings {
    /** Click (CLICK_*): offered for UZS orders; unset, the provider is off. */
    click?: ClickSettings;
  }
}
