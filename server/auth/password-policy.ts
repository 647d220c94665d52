import { PASSWORD_MAX_LENGTH } from '../../sdk/contracts/center';

export { PASSWORD_MAX_LENGTH };

/** The password rule of every password a user sets (安全中心, user management). */
export const PASSWORD_POLICY = '密码至少 8 位，且须同时包含字母和数字';

/** The Chinese reason a new password is refused, or undefined when it is acceptable. */
export function passwordPolicyError(password: string): string | undefined {
  if (password.length < 8 || !/[A-Za-z]/.test(password) || !/\d/.test(password)) return PASSWORD_POLICY;
  if (password.length > PASSWORD_MAX_LENGTH) return `密码不能超过 ${PASSWORD_MAX_LENGTH} 位`;
  if (/\s/.test(password)) return '密码不能包含空格';
  return undefined;
}
