/**
 * The envelope every JSON answer of the Tianlu server uses, and its well-known flags: one contract for the
 * server that wraps its answers and the console that unwraps them. Pure.
 */
export interface Envelope<T = unknown> {
  /** 1 success, 4010 session expired, 5001 site config missing, 403, 400, 404, 429, 500. */
  flag: number;
  msg: string;
  obj: T;
  /** Legacy field: success only when undefined or 0. */
  code?: number;
}

/** Well-known envelope flags. */
export const Flag = {
  OK: 1,
  BAD_INPUT: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** A client address used up its budget of login attempts or SMS codes; also HTTP status 429. */
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SESSION_EXPIRED: 4010,
  SITE_CONFIG_MISSING: 5001,
} as const;
