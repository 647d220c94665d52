/**
 * Masked numbers (身份证号, 手机号) are matched by the whole number only: a substring search would
 * let someone who sees `110105********002X` read it back one digit at a time.
 */

/** A typed number as stored: spaces and dashes dropped, the X of an identity number upper case. */
export function wholeNumber(keyword: string): string {
  return keyword.replace(/[\s-]/g, '').toUpperCase();
}
