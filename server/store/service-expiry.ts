import { sql, type RawBuilder } from 'kysely';

/** What an expired asset says instead of its live data (monitor list, /ws, track). */
export const SERVICE_EXPIRED_HINT = '服务已到期，请续费';

/** Today in China (the day a service date is compared with), computed by the database. */
export const CHINA_TODAY: RawBuilder<string> = sql<string>`(now() at time zone 'Asia/Shanghai')::date`;

/**
 * True when the service of an asset has run out: its expiry date (the last day of service) lies
 * before today in China. Assets without an expiry date never expire.
 */
export function serviceExpired(expiryColumn: string): RawBuilder<boolean> {
  return sql<boolean>`coalesce(${sql.ref(expiryColumn)} < ${CHINA_TODAY}, false)`;
}

/** A date column as `YYYY-MM-DD` (or null). */
export function dateText(column: string): RawBuilder<string | null> {
  return sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
}
