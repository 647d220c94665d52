/** ISO 8601 in China time with its offset, e.g. `2026-01-01T08:00:00+08:00` (what the console shows as is): the SDK's one definition. */
export { toChinaIso } from '../../sdk/china-time';
