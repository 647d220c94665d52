import { DomainError } from '../../domain-error';
import { ApiError, badInput, Flag } from '../envelope';
import { rawInputProblem } from '../input-guard';
import { nulField } from '../nul-guard';
import { validationMessage } from '../validation-message';
import type { InputCheck, TableRoute } from '../../plugin-parts/part-route-table';

/** Flags a part's handler may answer by throwing `{ flag, message }` (a part bundles its own copy of ApiError, so `instanceof` cannot tell). */
const PART_FLAGS = new Set<number>([Flag.BAD_INPUT, Flag.FORBIDDEN, Flag.NOT_FOUND, Flag.TOO_MANY_REQUESTS]);

/** What a part's handler threw, as the platform answers it: its own refusals (`badInput(...)` of the SDK) become the API's. */
export function partRefusal(err: unknown): unknown {
  if (err instanceof ApiError || err instanceof DomainError || typeof err !== 'object' || err === null) return err;
  const { flag, message, obj } = err as { flag?: unknown; message?: unknown; obj?: unknown };
  return typeof flag === 'number' && PART_FLAGS.has(flag) && typeof message === 'string' ? new ApiError(flag, message, obj ?? null) : err;
}

function check(validate: InputCheck | undefined, data: unknown): void {
  if (validate && !validate(data)) throw badInput(validationMessage((validate.errors ?? []) as Parameters<typeof validationMessage>[0]));
}

/**
 * Checks a request's query and body against the route's schemas as the platform's own routes are
 * checked (numbers that would be coerced wrongly, the schema with its Chinese message, NUL characters);
 * throws the 400 refusal. Answers the body the handler gets (an empty object for a body route called without one);
 * the schema's coercion and defaults apply to `query` and the body in place.
 */
export function checkPartInput(entry: TableRoute, query: unknown, body: unknown): { query: unknown; body: unknown } {
  const { route, query: queryCheck, body: bodyCheck } = entry;
  const input = { query, body: route.schema?.body && body == null ? {} : body };
  const problem = rawInputProblem(input.query, route.schema?.querystring) ?? rawInputProblem(input.body, route.schema?.body);
  if (problem) throw badInput(problem);
  check(queryCheck, input.query);
  check(bodyCheck, input.body);
  const field = nulField(input.query, route.schema?.querystring) ?? nulField(input.body, route.schema?.body);
  if (field) throw badInput(`${field}包含无效字符`);
  return input;
}
