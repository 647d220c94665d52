import { Flag, type Envelope } from '../../sdk/envelope';
import type { DomainError, DomainErrorCode } from '../domain-error';

/** The answer shape of every JSON endpoint: flag 1 success, otherwise an error flag with a Chinese message. */
export { Flag, type Envelope };

export function ok<T>(obj: T, msg = '成功'): Envelope<T> {
  return { flag: Flag.OK, msg, obj };
}

export function fail(flag: number, msg: string, obj: unknown = null): Envelope {
  return { flag, msg, obj };
}

/** Thrown by handlers and guards; the error handler turns it into an envelope. */
export class ApiError extends Error {
  constructor(
    readonly flag: number,
    message: string,
    readonly obj: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badInput = (msg: string, obj: unknown = null) => new ApiError(Flag.BAD_INPUT, msg, obj);
export const forbidden = (msg = '无权限访问') => new ApiError(Flag.FORBIDDEN, msg);
export const notFound = (msg = '数据不存在') => new ApiError(Flag.NOT_FOUND, msg);
export const tooManyRequests = () => new ApiError(Flag.TOO_MANY_REQUESTS, '请求过于频繁，请稍后再试');
export const sessionExpired = () => new ApiError(Flag.SESSION_EXPIRED, '会话过期');

/** The flag each kind of domain refusal answers with. */
const DOMAIN_FLAGS: Record<DomainErrorCode, number> = {
  'bad-input': Flag.BAD_INPUT,
  forbidden: Flag.FORBIDDEN,
  'not-found': Flag.NOT_FOUND,
  'too-many-requests': Flag.TOO_MANY_REQUESTS,
};

/** A domain service's refusal as the API answers it: its flag, the same message, the details as `obj`. */
export const apiErrorOf = (error: DomainError) => new ApiError(DOMAIN_FLAGS[error.code], error.message, error.details);
