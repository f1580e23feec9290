import { expect, test } from 'vitest';
import { z } from 'zod';
import { opsCorrectContactSchema } from '@parvoz/contracts/ops';
import { opsTourInputSchema } from '@parvoz/contracts/ops-tours';
import { schemaFieldNames, schemaFields } from './form-fields.ts';
import { parseForm } from './form.server.ts';

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

test('keeps only the schema’s fields, nested names by their first segment', () => {
  const kept = schemaFields(
    form([
      ['intent', 'save'],
      ['title.en', 'Antalya'],
      ['includes[0]', 'flight'],
      ['key', 'ops-x'],
    ]),
    opsTourInputSchema,
  );
  expect([...kept.keys()]).toEqual(['title.en', 'includes[0]']);
});

test('a schema without a shape keeps everything', () => {
  expect(schemaFieldNames(z.string())).toBeNull();
  expect([...schemaFields(form([['a', '1']]), z.string()).keys()]).toEqual(['a']);
});

test('a strict request schema reads a form with its intent: errors by field, not one for the whole form', () => {
  const sent = form([
    ['intent', 'contact'],
    ['full_name', 'A B'],
    ['email', 'nobody'],
    ['phone', '+998901234567'],
    ['reason', 'x'],
  ]);
  const strict = parseForm(sent, opsCorrectContactSchema);
  expect(strict.status).toBe('error');
  expect(Object.keys(strict.reply().error ?? {})).toContain('');
  const reply = parseForm(sent, opsCorrectContactSchema, { onlySchemaFields: true }).reply();
  expect(Object.keys(reply.error ?? {}).sort()).toEqual(['email', 'reason']);
});

test("Conform's own entries stay: a field's check (a validate intent) is never a submission to act on", () => {
  const sent = form([
    ['intent', 'note'],
    ['text', 'Called the traveller'],
    ['__intent__', JSON.stringify({ type: 'validate', payload: { name: 'text' } })],
    ['__state__', JSON.stringify({ validated: { text: true } })],
  ]);
  const schema = z.object({ text: z.string().min(1) });
  expect([...schemaFields(sent, schema).keys()]).toEqual(['text', '__intent__', '__state__']);
  // Not 'success' (the status of a submission the action would send on), as Conform reads an intent.
  expect(parseForm(sent, schema, { onlySchemaFields: true }).status).toBeUndefined();
});
