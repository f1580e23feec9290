/**
 * The registry (docs/payment-providers.md, "Adding a fifth provider"): each provider's descriptor agrees with the
 * configuration's key for its settings, its folder and its words.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { MESSAGES } from '@parvoz/i18n/messages';
import { apiConfigSchema } from '../config.ts';
import { PROVIDER_ENV_NAMES } from '../config-check.ts';
import { settingVariables } from './provider-settings.ts';
import { PAYMENT_PROVIDERS } from './registry.ts';

test.each(PAYMENT_PROVIDERS.map((provider) => [provider.name, provider] as const))(
  '%s: its folder, its settings under its name, its variables checked at start, its words in four languages',
  (name, provider) => {
    expect(existsSync(path.join(import.meta.dirname, name, 'index.ts'))).toBe(true);
    const settings = (apiConfigSchema.shape as Record<string, unknown>)[name] as
      { unwrap(): unknown } | undefined;
    expect(settings?.unwrap()).toBe(provider.settings.schema);
    for (const variable of settingVariables(provider.settings.prefix, provider.settings.schema))
      expect(PROVIDER_ENV_NAMES).toContain(variable);
    if (provider.display.description)
      for (const catalog of Object.values(MESSAGES))
        expect((catalog as Record<string, string>)[provider.display.description]).toBeTruthy();
  },
);

test('names are unique', () => {
  const names = PAYMENT_PROVIDERS.map((provider) => provider.name);
  expect(new Set(names).size).toBe(names.length);
});
