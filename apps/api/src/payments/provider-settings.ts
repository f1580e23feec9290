/**
 * What the settings of the outside payment providers and suppliers share (payments/<name>/settings.ts,
 * suppliers/<name>/settings.ts): they come only from the environment, none of a provider's variables set turns it
 * off, some set means the required ones must be too, and every error names its variable. A new setting is one line
 * in its provider's schema (and a row in README's configuration table).
 */
import { z } from 'zod';
import type { ProviderFee } from '@parvoz/core/books';
import { isBareOrigin } from '../public-origin.ts';

/**
 * Each payment provider's settings in the API's configuration, under its name (`config.<name>`; undefined: the
 * provider is off). Every provider's own settings.ts adds its key to this interface, so config.ts types them
 * without naming any; config-check.ts reads them from the environment through the registry (payments/registry.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each provider's settings.ts adds its key
export interface PaymentProviderSettings {}

/** A setting's variable: its name under the provider's prefix (`ACME` + `merchantUserId` → `ACME_MERCHANT_USER_ID`). */
export function settingVariable(prefix: string, setting: string): string {
  return `${prefix}_${setting.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** Every variable a provider's schema reads, in the schema's order. */
export function settingVariables(prefix: string, schema: z.ZodObject): string[] {
  return Object.keys(schema.shape).map((setting) => settingVariable(prefix, setting));
}

/**
 * A provider's variables as its schema's input, or undefined when none is set (the provider is off). Each
 * setting's variable is `settingVariable(prefix, setting)`, so a new setting needs no second list. An empty
 * variable counts as not set.
 */
export function settingsFromEnv(
  env: NodeJS.ProcessEnv,
  prefix: string,
  schema: z.ZodObject,
): Record<string, string | undefined> | undefined {
  const values = Object.fromEntries(
    Object.keys(schema.shape).map((setting) => [setting, env[settingVariable(prefix, setting)] || undefined]),
  );
  return Object.values(values).some((v) => v !== undefined) ? values : undefined;
}

/** The error of a required setting left unset while others of its provider are set (`ACME_KEY`, `ACME`). */
export const requiredWithOthers = (variable: string) =>
  `${variable} is required with the other ${variable.split('_')[0]}_ variables`;

/** An http(s) URL, kept without trailing slashes. */
export const settingUrl = (variable: string) =>
  z
    .url({ protocol: /^https?$/, error: `${variable}: expected an http(s) URL` })
    .transform((u) => u.replace(/\/+$/, ''));

/** An http(s) origin alone (`example` shows one): an API base the SDK appends its own paths to. */
export const settingOrigin = (variable: string, example: string) =>
  z
    .url({ protocol: /^https?$/, error: `${variable}: expected an http(s) URL` })
    .refine(isBareOrigin, `${variable}: expected an origin like ${example}`);

/**
 * IKPU (ИКПУ, the tax committee's code of a good or service, tasnif.soliq.uz): 17 digits. Some providers' documents
 * call it SPIC, and their variables and message say so (`what`).
 */
export const ikpuCode = (variable: string, what = 'the 17-digit IKPU code (tasnif.soliq.uz)') =>
  z.string().regex(/^\d{17}$/, `${variable}: expected ${what}`);

/** The package (unit) code the tax committee gives with an IKPU code. */
export const packageCode = (variable: string, what = 'the package code given with the IKPU code') =>
  z.string().regex(/^\d{1,20}$/, `${variable}: expected ${what}`);

/** A VAT rate in whole percent, 0 to 100. */
export const vatPercent = (variable: string, whole = 'expected a whole percentage') =>
  z.coerce
    .number()
    .int(`${variable}: ${whole}`)
    .min(0, `${variable}: 0 to 100`)
    .max(100, `${variable}: 0 to 100`);

/**
 * The refinement of settings that go all together or not at all (the fiscal ones: without them no fiscal data is
 * sent): some set, each missing one is named, "…is required with the other PAYME_FISCAL_ variables" (the group
 * is the first word the names share).
 */
export function allOrNone<Name extends string>(prefix: string, names: readonly Name[]) {
  const word = /^[a-z]+/.exec(names[0] ?? '')?.[0] ?? '';
  const group =
    word && names.every((name) => name.startsWith(word)) ? `${prefix}_${word.toUpperCase()}_` : `${prefix}_`;
  return (settings: { [name in Name]?: unknown }, context: z.RefinementCtx) => {
    const set = names.filter((name) => settings[name] !== undefined);
    if (set.length === 0 || set.length === names.length) return;
    for (const name of names.filter((n) => settings[n] === undefined))
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `${settingVariable(prefix, name)} is required with the other ${group} variables`,
      });
  };
}

/**
 * What a provider takes of each payment, for the agency's books (docs/operations.md#reports-and-books): a
 * percentage in basis points (`<PREFIX>_FEE_PERCENT_BP`, 250 = 2.5 %) and a fixed amount in minor units of the
 * payment's currency (`<PREFIX>_FEE_FIXED_MINOR`), both 0 when unset. Every provider's schema spreads these, so
 * the variables follow from its prefix like its others.
 */
export const providerFeeSettings = (prefix: string) => ({
  feePercentBp: z.coerce
    .number()
    .int(`${settingVariable(prefix, 'feePercentBp')}: expected whole basis points (250 = 2.5 %)`)
    .min(0, `${settingVariable(prefix, 'feePercentBp')}: 0 to 10000`)
    .max(10_000, `${settingVariable(prefix, 'feePercentBp')}: 0 to 10000`)
    .optional(),
  feeFixedMinor: z.coerce
    .number()
    .int(`${settingVariable(prefix, 'feeFixedMinor')}: expected whole minor units (cents, tiyin, kuruş)`)
    .min(0, `${settingVariable(prefix, 'feeFixedMinor')}: 0 or more`)
    .max(1e9, `${settingVariable(prefix, 'feeFixedMinor')}: at most 1000000000`)
    .optional(),
});

/** A provider's fee from its settings (none when it has no settings or sets no fee). */
export function providerFeeOf(settings: unknown): ProviderFee {
  const s = (settings ?? {}) as { feePercentBp?: number; feeFixedMinor?: number };
  return { percentBp: s.feePercentBp ?? 0, fixedMinor: s.feeFixedMinor ?? 0 };
}
