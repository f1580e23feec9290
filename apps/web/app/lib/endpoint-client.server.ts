/**
 * Calls an API endpoint by its contract (packages/contracts/src/endpoints.ts): the path, the input and the
 * answer's type all come from the one definition the API's route uses, so an API change that the web does
 * not follow fails to compile. In tests and development the answer is also checked against the schema. A
 * `status: 204` endpoint resolves to `undefined` (its `noContentSchema`).
 */
import {
  contractChecksOn,
  endpointPath,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointOutput,
} from '@parvoz/contracts/endpoint';
import type { ApiClient, RequestOptions } from './api.server.ts';
import type { QueryParams } from './query-string.ts';

export type CallOptions = Pick<RequestOptions, 'signal'> & { idempotencyKey?: string };

/** The API answered 2xx with a body outside the endpoint's contract (a deploy out of step). */
export class ContractMismatchError extends Error {
  override readonly name = 'ContractMismatchError';
}

const checkAnswers = contractChecksOn();

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
  const answer = await api[method](path, options);
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
