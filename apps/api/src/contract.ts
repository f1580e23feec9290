/**
 * Routes answer with the contract's schemas (packages/contracts/src/endpoints.ts). The compiler checks a
 * handler's answer against them (fastify-type-provider-zod); outside production every answer is also
 * checked at run time, so a shape that drifted from its contract fails the tests instead of a page.
 */
import type { FastifySchema } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z } from 'zod';
import type { EndpointDefinition } from '@parvoz/contracts/endpoint';

type Part<E, K extends string> = E extends { [P in K]: infer S } ? S : undefined;
type SuccessStatus<E extends EndpointDefinition> =
  | (E['status'] extends number ? E['status'] : 200)
  | (E['alsoStatus'] extends readonly (infer S extends number)[] ? S : never);

export type SchemaOf<E extends EndpointDefinition> = {
  params: Part<E, 'params'>;
  querystring: Part<E, 'query'>;
  body: Part<E, 'body'>;
  response: { [S in SuccessStatus<E>]: E['response'] };
};

/** The Fastify route schema of an endpoint: its own schema objects, not copies. */
export function schemaOf<const E extends EndpointDefinition>(definition: E): SchemaOf<E> & FastifySchema {
  const response: Record<number, z.ZodType> = { [definition.status ?? 200]: definition.response };
  for (const status of definition.alsoStatus ?? []) response[status] = definition.response;
  const schema: FastifySchema = { response };
  if (definition.params) schema.params = definition.params;
  if (definition.query) schema.querystring = definition.query;
  if (definition.body) schema.body = definition.body;
  return schema as SchemaOf<E> & FastifySchema;
}

export class ResponseContractError extends Error {
  override readonly name = 'ResponseContractError';
}

/**
 * Answers are written as they are (never reshaped by the schema); outside production they are checked
 * against it first. Production skips the check: the compiler already holds the handlers to the contract,
 * and parsing a 300 kB search answer would cost as much as finding it.
 */
export function contractSerializerCompiler(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    if (!checked) return (data) => JSON.stringify(data);
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        throw new ResponseContractError(
          `${method} ${url} answered outside its contract: ${result.error.issues
            .slice(0, 5)
            .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
            .join('; ')}`,
        );
      }
      return JSON.stringify(data);
    };
  };
}
