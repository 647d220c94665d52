/** 安全中心 calls (docs/api-contract.md, "Authorization and 安全中心"): the contracts of sdk/contracts/center.ts. */
export { SecurityApi, type LoginRecord } from '@tianlu/sdk';

export const PASSWORD_POLICY = '密码至少 8 位，且须同时包含字母和数字';
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** The message of a failed call, or the default failure text. */
export function messageOf(e: unknown): string {
  return e instanceof Error && e.message ? e.message : '网络异常';
}

/** 13800138000 → 138****8000. */
export function maskPhone(phone: string): string {
  return phone.replace(/^(\d{3})\d{4}(\d+)$/, '$1****$2');
}
