import { DomainError } from '../domain-error';
import { ApiError, apiErrorOf, fail, Flag, type Envelope } from './envelope';
import { validationMessage } from './validation-message';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度不正确',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容不能为空',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON',
};

/** PostgreSQL's class 22 (data exception): out-of-range numbers, invalid dates or text, NUL bytes. */
function isDataException(error: { code?: unknown }): boolean {
  return typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);
}

/** What a route, a guard or the framework threw, as the server answers it. */
export interface ErrorAnswer {
  envelope: Envelope;
  /** HTTP status: 429 for a spent rate limit, 200 for everything else. */
  status: number;
  /** Logged as a warning (input the database refused) or an error (a failure of the server). */
  log?: 'warn' | 'error';
}

type Thrown = Error & { code?: unknown; statusCode?: number; validation?: Parameters<typeof validationMessage>[0] };

/**
 * Every error becomes an envelope (internal details stay in the log): refusals answer their flag and
 * message, schema and framework refusals a Chinese message, everything else 服务器内部错误.
 */
export function errorAnswer(thrown: unknown): ErrorAnswer {
  // a domain service's refusal is answered like the API's own
  const error = (thrown instanceof DomainError ? apiErrorOf(thrown) : thrown) as Thrown | ApiError;
  if (error instanceof ApiError) return { envelope: fail(error.flag, error.message, error.obj), status: error.flag === Flag.TOO_MANY_REQUESTS ? 429 : 200 };
  const status = 200;
  if (typeof error !== 'object' || error === null) return { envelope: fail(Flag.INTERNAL, '服务器内部错误'), status, log: 'error' };
  if (error.validation) return { envelope: fail(Flag.BAD_INPUT, validationMessage(error.validation)), status };
  const known = typeof error.code === 'string' ? FRAMEWORK_MESSAGES[error.code] : undefined;
  if (known) return { envelope: fail(Flag.BAD_INPUT, known), status };
  if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
    return { envelope: fail(Flag.BAD_INPUT, '请求无效'), status };
  }
  // a value the database cannot hold (an id past its column, a malformed date) came from the caller;
  // the schema should have refused it, so the log still names the route
  if (isDataException(error)) return { envelope: fail(Flag.BAD_INPUT, '请求参数超出允许的范围或格式不正确'), status, log: 'warn' };
  return { envelope: fail(Flag.INTERNAL, '服务器内部错误'), status, log: 'error' };
}
