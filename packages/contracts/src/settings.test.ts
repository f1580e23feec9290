import { expect, test } from 'vitest';
import { profileSettingsFormSchema, settingsFormSchema } from './settings.ts';

test('accepts the four languages and five currencies', () => {
  expect(
    settingsFormSchema.parse({ language: 'uz', currency: 'UZS', returnTo: '/uz/info/help?x=1' }),
  ).toEqual({
    language: 'uz',
    currency: 'UZS',
    returnTo: '/uz/info/help?x=1',
  });
});

test.each(['//evil.example/x', 'https://evil.example', '/\\evil', 'relative', '/a b'])(
  'refuses return path %s',
  (returnTo) => {
    expect(settingsFormSchema.safeParse({ returnTo }).success).toBe(false);
  },
);

test('refuses unknown language and currency', () => {
  expect(settingsFormSchema.safeParse({ language: 'de' }).success).toBe(false);
  expect(settingsFormSchema.safeParse({ currency: 'GBP' }).success).toBe(false);
});

test('the profile form needs both a language and a currency of the lists', () => {
  expect(profileSettingsFormSchema.parse({ language: 'tr', currency: 'TRY' })).toEqual({
    language: 'tr',
    currency: 'TRY',
  });
  const refused = profileSettingsFormSchema.safeParse({ language: 'de', currency: '' });
  expect(refused.success).toBe(false);
  expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['language', 'currency']);
});
