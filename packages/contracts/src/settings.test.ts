import { expect, test } from 'vitest';
import { settingsFormSchema } from './settings.ts';

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
