/**
 * One definition per API endpoint: method, path, request and answer schemas. The API's route
 * uses these very schemas (a test checks it is the same object), the web calls it through
 * `callEndpoint` (apps/web/app/lib/endpoint-client.server.ts) with the types inferred from them, and
 * /v1/openapi.json is generated from them, so a change to a wire shape fails to compile instead of
 * breaking a page at run time.
 */
import { z } from 'zod';
import {
  anyEndpointRefusals,
  refusalEnvelopeSchema,
  refusals,
  staffEndpointRefusals,
  userEndpointRefusals,
  type MergedRefusals,
  type RefusalMap,
  type RefusalOf,
} from './refusals.ts';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDefinition {
  method: EndpointMethod;
  /** The full path with OpenAPI-style parameters: `/v1/offers/{id}`. */
  path: `/v1/${string}`;
  /** One line for the reference page. */
  summary: string;
  /**
   * Who may call it: anyone with the public credential, a signed-in traveller, staff (the console: anyone else
   * gets the 404 of an unknown endpoint), or the provider.
   */
  access: 'public' | 'user' | 'staff' | 'provider';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status (200 unless said) and its body; a `status: 204` endpoint answers `noContentSchema`. */
  status?: number;
  /** Other success statuses answering the same body (e.g. 200 when a create found it already done). */
  alsoStatus?: readonly number[];
  response: z.ZodType;
  /**
   * The refusals this endpoint answers with (./refusals.ts), besides what any endpoint may answer and what its
   * `access` adds (`endpointRefusals`).
   */
  refusals?: RefusalMap;
}

/**
 * Whether answers are checked against their contract as they are sent (API) and received (web): in tests and
 * development, where a wire shape out of step must fail loudly, and never on a site (`npm start`, production),
 * where the check costs CPU on every answer. It follows the NODE_ENV the operator or test runner set, which
 * apps/host/src/server-env.ts keeps in PARVOZ_OPERATOR_NODE_ENV while it tells React to use its production
 * build.
 */
export function contractChecksOn(env: NodeJS.ProcessEnv = process.env): boolean {
  const nodeEnv = env.PARVOZ_OPERATOR_NODE_ENV ?? env.NODE_ENV;
  return nodeEnv === 'test' || nodeEnv === 'development';
}

/** The answer of a `status: 204` endpoint: no body at all (the web client reads it as `undefined`). */
export const noContentSchema = z.undefined();

/** Keeps the literal types of a definition (for inference) while checking its shape. */
export function endpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

type Field<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : undefined;

type Part = 'params' | 'query' | 'body';
/** A part the endpoint has, which can be left out when every field of it is optional (e.g. a query of filters). */
type Optional<E, K extends string> =
  Field<E, K> extends undefined ? false : Partial<Field<E, K>> extends Field<E, K> ? true : false;

/** What a caller passes: path parameters, query and body as the schemas take them. */
export type EndpointInput<E extends EndpointDefinition> = {
  [K in Part as Field<E, K> extends undefined ? never : Optional<E, K> extends true ? never : K]: Field<E, K>;
} & {
  [K in Part as Optional<E, K> extends true ? K : never]?: Field<E, K>;
};

/** The answer's body as the schema gives it. */
export type EndpointOutput<E extends EndpointDefinition> = z.output<E['response']>;

type AccessRefusals<A> = A extends 'user'
  ? typeof userEndpointRefusals
  : A extends 'staff'
    ? typeof staffEndpointRefusals
    : Record<never, never>;
type OwnRefusals<E> = E extends { refusals: infer M extends RefusalMap } ? M : Record<never, never>;
/** Every refusal of an endpoint: its own, its access's and any endpoint's. */
export type EndpointRefusals<E extends EndpointDefinition> = MergedRefusals<
  MergedRefusals<typeof anyEndpointRefusals, AccessRefusals<E['access']>>,
  OwnRefusals<E>
>;
/**
 * One refusal of the endpoint, typed by code (and by `details.reason` where a code has several); of any of
 * them for a union of endpoints.
 */
export type EndpointRefusal<E extends EndpointDefinition> = E extends EndpointDefinition
  ? RefusalOf<EndpointRefusals<E>>
  : never;

/** Every refusal of an endpoint (the list `EndpointRefusals` types). */
export function endpointRefusals(definition: EndpointDefinition): RefusalMap {
  const access =
    definition.access === 'user'
      ? userEndpointRefusals
      : definition.access === 'staff'
        ? staffEndpointRefusals
        : {};
  return refusals(refusals(anyEndpointRefusals, access), definition.refusals ?? {});
}

const envelopes = new WeakMap<EndpointDefinition, z.ZodType>();
/** The schema of the endpoint's refusal envelopes, `{ error: EndpointRefusal<E> }` (made once per endpoint). */
export function endpointRefusalSchema<E extends EndpointDefinition>(
  definition: E,
): z.ZodType<{ error: EndpointRefusal<E> }> {
  let schema = envelopes.get(definition);
  if (!schema) envelopes.set(definition, (schema = refusalEnvelopeSchema(endpointRefusals(definition))));
  return schema as z.ZodType<{ error: EndpointRefusal<E> }>;
}

/** `/v1/offers/{id}` with `{ id: 'off_1' }` → `/v1/offers/off_1` (each value percent-encoded). */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The Fastify route path of a definition: `/v1/offers/{id}` → `/v1/offers/:id`. */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
