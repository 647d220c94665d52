import type { JsonSchema } from './json-schema';

/**
 * One typed contract per endpoint: method, path, summary and input schema declared once, used by
 * the server route (`sessionRoute.of` / `publicRoute.of` in server/api/route-definition.ts: Ajv
 * validation and the OpenAPI page come from the same schema) and by the console
 * (`http.call(contract, input)` of the HttpService), so no console code names an API path.
 *
 * Convention: the contracts of a sub-application live in `sdk/contracts/<sub-application>.ts`
 * (e.g. sdk/contracts/pet.ts), next to the wire types of sdk/ they answer with, as one object named
 * `<SubApplication>Api` (e.g. `PetApi.list`). sdk/contracts/index.ts exports them all, and a
 * server test checks that each has exactly one route.
 */

export type EndpointMethod = 'GET' | 'POST';

/** How a POST sends its body: JSON (`postJson`) or form-encoded (`postForm`). */
export type BodyEncoding = 'json' | 'form';

export interface EndpointSpec {
  method: EndpointMethod;
  /** The exact path, e.g. `/car/v4/api/pet/list.json`. */
  path: string;
  /** One line for the OpenAPI page. */
  summary: string;
  /** Schema of the query string (GET, or a POST that also reads its query). */
  query?: JsonSchema;
  /** Schema of the POST body. */
  body?: JsonSchema;
  /** POST only; JSON unless the endpoint has always taken a form. */
  encoding?: BodyEncoding;
}

declare const phantom: unique symbol;

/**
 * A declared endpoint. `Query` is what the route reads from the query string, `Body` its POST
 * body, `Answer` the `obj` of its envelope (phantom types: they exist for the compiler only).
 */
export interface Endpoint<Query = unknown, Body = unknown, Answer = unknown> extends Readonly<EndpointSpec> {
  readonly kind: 'endpoint';
  readonly [phantom]?: { query: Query; body: Body; answer: Answer };
}

export function defineEndpoint<Query = Record<string, never>, Body = undefined, Answer = unknown>(spec: EndpointSpec): Endpoint<Query, Body, Answer> {
  return Object.freeze({ ...spec, kind: 'endpoint' as const });
}

export type QueryOf<E> = E extends Endpoint<infer Q, unknown, unknown> ? Q : never;
export type BodyOf<E> = E extends Endpoint<unknown, infer B, unknown> ? B : never;
export type AnswerOf<E> = E extends Endpoint<unknown, unknown, infer A> ? A : never;

/** What the console sends: the query of a GET, the body of a POST. */
export type EndpointInput<Query, Body> = [Body] extends [undefined] ? Query : Body;

export function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'endpoint';
}
