import { sql, type RawBuilder } from 'kysely';
import { ASSET_KIND_CODES, ASSET_KIND_DEFINITIONS } from '../../sdk/asset-kinds';

/**
 * Masked numbers (身份证号, 手机号) are matched by the whole number only: a substring search would
 * let someone who sees `110105********002X` read it back one digit at a time.
 */

/** A typed number as stored: spaces and dashes dropped, the X of an identity number upper case. */
export function wholeNumber(keyword: string): string {
  return keyword.replace(/[\s-]/g, '').toUpperCase();
}

/** Profile keys that hold a phone number (a person's 手机号, a pet's 主人手机号). */
const PROFILE_PHONE_KEYS: readonly string[] = [...new Set(ASSET_KIND_CODES.flatMap((k) => ASSET_KIND_DEFINITIONS[k].fields.filter((f) => f.type === 'phone').map((f) => f.key)))];

/**
 * Whether an asset's profile (`column`, jsonb) matches a keyword: any field but the phones by part
 * (ilike `like`), the phones by the whole number.
 */
export function profileMatches(column: string, like: string, keyword: string): RawBuilder<boolean> {
  const ref = sql.ref(column);
  const withoutPhones = sql.join([ref, ...PROFILE_PHONE_KEYS.map((k) => sql.lit(k))], sql` - `);
  const phones = PROFILE_PHONE_KEYS.map((k) => sql`${ref}->>${sql.lit(k)} = ${wholeNumber(keyword)}`);
  return sql<boolean>`((${withoutPhones})::text ilike ${like} or ${sql.join(phones, sql` or `)})`;
}
