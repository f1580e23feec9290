/**
 * /v1/openapi.json: the OpenAPI 3.1 description generated from the endpoint definitions (./endpoints.ts),
 * so the published reference can never differ from what the routes validate and answer.
 */
import { z } from 'zod';
import { endpointRefusalSchema, endpointRefusals, type EndpointDefinition } from './endpoint.ts';
import { refusalSummary } from './refusals.ts';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Coercions and transforms have no JSON Schema: they are described by what they accept.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const described = jsonSchema(schema, 'input');
  const properties = (described.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((described.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

export function openApiDocument(
  endpoints: Record<string, EndpointDefinition>,
  info: { title: string; version: string; description?: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(endpoints)) {
    const status = String(e.status ?? 200);
    const operation = {
      operationId: name,
      summary: e.summary,
      tags: [e.path.split('/')[2]],
      security: [{ bearer: [] }],
      'x-parvoz-access': e.access,
      ...(e.access === 'staff'
        ? {
            description:
              "The agency's console, for signed-in staff only: anyone else gets the 404 of an unknown endpoint.",
          }
        : {}),
      parameters: [...parameters(e.params, 'path'), ...parameters(e.query, 'query')],
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(e.body, 'input') } },
            },
          }
        : {}),
      responses: {
        // A 204 has no body to describe (RFC 9110 §15.3.5).
        [status]:
          status === '204'
            ? { description: 'Done; no content' }
            : {
                description: 'Success',
                content: { 'application/json': { schema: jsonSchema(e.response, 'output') } },
              },
        ...Object.fromEntries(
          (e.alsoStatus ?? []).map((also) => [
            String(also),
            {
              description: 'Success (also)',
              content: { 'application/json': { schema: jsonSchema(e.response, 'output') } },
            },
          ]),
        ),
        default: {
          description: `An error envelope (DESIGN §7); its refusals: ${refusalSummary(endpointRefusals(e)).join(', ')}.`,
          content: { 'application/json': { schema: jsonSchema(endpointRefusalSchema(e), 'output') } },
        },
      },
    };
    (paths[e.path] ??= {})[e.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: "A signed-in traveller's token, or the site's public anonymous credential (spec §6).",
        },
      },
    },
    paths,
  };
}
