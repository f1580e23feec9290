import { z } from 'zod';
import { LOCALES } from '@parvoz/i18n/locales';
import { CURRENCIES } from '@parvoz/i18n/currency';

/** A same-site path only ("/en/x?y"), never "//evil.example" or "https://…": keeps redirects on this site. */
export const localPathSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s]*$/u);

export const settingsFormSchema = z.object({
  language: z.enum(LOCALES).optional(),
  currency: z.enum(CURRENCIES).optional(),
  returnTo: localPathSchema.optional(),
});
export type SettingsForm = z.infer<typeof settingsFormSchema>;

/** The profile's language-and-currency form (both required: they are saved to the account). */
export const profileSettingsFormSchema = z.object({
  language: z.enum(LOCALES),
  currency: z.enum(CURRENCIES),
});
