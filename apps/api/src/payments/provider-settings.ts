/**
 * What the settings of Payme and Click (payme/settings.ts, click/settings.ts) share: they come only from the
 * environment, none of a provider's variables set turns it off, and every error names its variable.
 */
import { z } from 'zod';

/** An http(s) URL, kept without trailing slashes. */
export const settingUrl = (variable: string) =>
  z
    .url({ protocol: /^https?$/, error: `${variable}: expected an http(s) URL` })
    .transform((u) => u.replace(/\/+$/, ''));

/**
 * A provider's variables as its schema's input, or undefined when none is set (the provider is off). Each
 * setting's variable is its name under the provider's prefix (`CLICK` + `merchantUserId` →
 * `CLICK_MERCHANT_USER_ID`), so a new setting needs no second list. An empty variable counts as not set.
 */
export function settingsFromEnv(
  env: NodeJS.ProcessEnv,
  prefix: string,
  schema: z.ZodObject,
): Record<string, string | undefined> | undefined {
  const values = Object.fromEntries(
    Object.keys(schema.shape).map((setting) => [
      setting,
      env[`${prefix}_${setting.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`] || undefined,
    ]),
  );
  return Object.values(values).some((v) => v !== undefined) ? values : undefined;
}
