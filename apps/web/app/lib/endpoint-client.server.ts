/**
 * Calls an API endpoint by its contract (packages/contracts/src/endpoints.ts): the path, the input and the
 * answer's type all come from the one definition the API's route uses, so an API change that the web does
 * not follow fails to compile. In tests and development the answer is also checked against the schema. A
 * `status: 204` endpoint resolves to `undefined` (its `noContentSchema`). A refusal the contract lists
 * rejects with an `ApiRefusal`, read typed by `refusalOf` (docs/architecture.md, "Refusals").
 */
import {
  contractChecksOn,
  endpointPath,
  endpointRefusalSchema,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointOutput,
  type EndpointRefusal,
} from '@parvoz/contracts/endpoint';
import { ApiError, type ApiClient, type RequestOptions } from './api.server.ts';
import type { QueryParams } from './query-string.ts';

export type CallOptions = Pick<RequestOptions, 'signal'> & { idempotencyKey?: string };

/** The API answered 2xx with a body outside the endpoint's contract (a deploy out of step). */
export class ContractMismatchError extends Error {
  override readonly name = 'ContractMismatchError';
}

const checkAnswers = contractChecksOn();

/**
 * The API refused a call with a refusal its endpoint's contract lists: an `ApiError` (status, body, answer)
 * whose `refusal` is the parsed `error` of the envelope. `refusalOf` gives it typed by the endpoint.
 */
export class ApiRefusal<E extends EndpointDefinition = EndpointDefinition> extends ApiError {
  readonly endpoint: E;
  readonly refusal: EndpointRefusal<E>;
  constructor(error: ApiError, endpoint: E, refusal: EndpointRefusal<E>) {
    super(error.method, error.path, error.response, error.body, error.message);
    this.endpoint = endpoint;
    this.refusal = refusal;
  }
}

/**
 * The refusal of `error` when one of `definitions` answered it, typed by their contracts (narrow it on `code`,
 * then on `details.reason`); null for anything else (a fault, a network error, another endpoint's refusal).
 */
export function refusalOf<const L extends readonly EndpointDefinition[]>(
  error: unknown,
  ...definitions: L
): { [K in keyof L]: EndpointRefusal<L[K]> }[number] | null {
  if (!(error instanceof ApiRefusal) || !definitions.includes(error.endpoint)) return null;
  return error.refusal as never;
}

/** What `callEndpoint` rejects with for `error`: an `ApiRefusal` when its contract lists the refusal. */
export function typedRefusal<E extends EndpointDefinition>(error: unknown, definition: E): unknown {
  if (!(error instanceof ApiError)) return error;
  const parsed = endpointRefusalSchema(definition).safeParse(error.body);
  return parsed.success ? new ApiRefusal(error, definition, parsed.data.error) : error;
}

export async function callEndpoint<const E extends EndpointDefinition>(
  api: ApiClient,
  definition: E,
  input: EndpointInput<E> & CallOptions,
): Promise<EndpointOutput<E>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: QueryParams;
    body?: unknown;
  };
  const path = endpointPath(definition.path, params);
  const options = {
    ...(query ? { query } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
  };
  const method = definition.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let answer: unknown;
  try {
    answer = await api[method](path, options);
  } catch (error) {
    throw typedRefusal(error, definition);
  }
  if (checkAnswers) {
    const checked = definition.response.safeParse(answer);
    if (!checked.success) {
      throw new ContractMismatchError(
        `${definition.method} ${definition.path}: ${checked.error.issues
          .slice(0, 5)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
      );
    }
  }
  return answer as EndpointOutput<E>;
}
