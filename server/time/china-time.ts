/**
 * China time as the server writes it into answers, alarms, commands and exports. It sits below the
 * HTTP layer so that domain code, stores and exports share it without reaching into server/api.
 */

/** ISO 8601 in China time with its offset, e.g. `2026-01-01T08:00:00+08:00` (what the console shows as is): the SDK's one definition. */
export { toChinaIso } from '../../sdk/china-time';

/** China days and their midnights (UTC+8 all year): the SDK's definitions. */
export { CHINA_OFFSET_MS, chinaDay, chinaDayStart } from '../../sdk/china-time';
