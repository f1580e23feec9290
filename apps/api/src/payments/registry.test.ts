/**
 * The registry (docs/payment-providers.md, "Adding a fifth provider"): each provider's descriptor is all it takes
 * for its folder, its settings read at start under its name, and its words.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { MESSAGES } from '@parvoz/i18n/messages';
import type { ApiSettings } from '../config.ts';
import { checkApiConfig, loadApiConfig, PROVIDER_ENV_NAMES } from '../config-check.ts';
import { settingVariables } from './provider-settings.ts';
import { PAYMENT_PROVIDERS } from './registry.ts';

test.each(PAYMENT_PROVIDERS.map((provider) => [provider.name, provider] as const))(
  '%s: its folder, its settings under its name, its variables checked at start, its words in four languages',
  (name, provider) => {
    expect(existsSync(path.join(import.meta.dirname, name, 'index.ts'))).toBe(true);
    const variables = settingVariables(provider.settings.prefix, provider.settings.schema);
    for (const variable of variables) expect(PROVIDER_ENV_NAMES).toContain(variable);
    // Read at start under its name: unset it is off; half set, the start is refused naming its variables.
    expect(loadApiConfig({})[name as keyof ApiSettings]).toBeUndefined();
    const { api, problems } = checkApiConfig({ [variables[0]!]: 'x' });
    expect(api).toBeUndefined();
    expect(problems.join('\n')).toContain(`${provider.settings.prefix}_`);
    if (provider.display.description)
      for (const catalog of Object.values(MESSAGES))
        expect((catalog as Record<string, string>)[provider.display.description]).toBeTruthy();
  },
);

test('names are unique', () => {
  const names = PAYMENT_PROVIDERS.map((provider) => provider.name);
  expect(new Set(names).size).toBe(names.length);
});
