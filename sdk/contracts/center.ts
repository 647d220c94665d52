import { defineEndpoint } from '../endpoint';
import { object, pagingProperties, requiredText } from '../json-schema';
import type { UserPrivacy } from '../services/session-service';

const USER = '/car/v1/api/user';
const PHONE = { pattern: '^1[3-9]\\d{9}$' };
/** Characters of a password the server reads at most (the schema allows four bytes a character). */
const PASSWORD_MAX_LENGTH = 64;

/** One login attempt of 登录记录. */
export interface LoginRecord {
  time: string;
  ip: string | null;
  result: 'success' | 'failure' | 'locked';
  method: 'password' | 'sms';
}

/** 个人中心 › 安全中心 (docs/api-contract.md, "Authorization and 安全中心"): the caller's own account. */
export const SecurityApi = {
  updatePassword: defineEndpoint<Record<string, never>, { oldPassword: string; newPassword: string }, { sessionsEnded: number }>({
    method: 'POST',
    path: `${USER}/updateUserPassword.json`,
    summary: '修改自己的密码（原密码必填；新密码至少 8 位且同时包含字母和数字）；成功后该用户的所有会话结束',
    body: object(
      { oldPassword: requiredText('原密码', 200), newPassword: requiredText('新密码', PASSWORD_MAX_LENGTH * 4) },
      ['oldPassword', 'newPassword'],
    ),
  }),
  sendSmsCode: defineEndpoint<Record<string, never>, { phone: string }, null>({
    method: 'POST',
    path: `${USER}/sendSmsCode.json`,
    summary: '发送绑定手机号的短信验证码（每个手机号、每个用户 60 秒一次，5 分钟有效）',
    body: object({ phone: requiredText('手机号', 11, PHONE) }, ['phone']),
  }),
  phoneCodeVerify: defineEndpoint<Record<string, never>, { phone: string; code: string }, { phone: string; phoneVerified: boolean }>({
    method: 'POST',
    path: `${USER}/phoneCodeVerify.json`,
    summary: '校验短信验证码并绑定手机号',
    body: object({ phone: requiredText('手机号', 11, PHONE), code: requiredText('验证码', 10) }, ['phone', 'code']),
  }),
  updatePrivacy: defineEndpoint<Record<string, never>, Partial<UserPrivacy>, UserPrivacy>({
    method: 'POST',
    path: `${USER}/updatePrivacy.json`,
    summary: '隐私设置：hidePhone（他人看到的手机号打码）、hideEmail（他人看到的邮箱打码）',
    body: object({
      hidePhone: { type: 'boolean', title: '隐藏手机号' },
      hideEmail: { type: 'boolean', title: '隐藏邮箱' },
    }),
  }),
  unbindWx: defineEndpoint<Record<string, never>, undefined, { wxBound: false }>({
    method: 'GET',
    path: `${USER}/unbindWxRelation.json`,
    summary: '解除微信绑定（未绑定时提示 未绑定微信）',
  }),
  loginHistory: defineEndpoint<{ current: number; pageSize: number }, undefined, { total: number; list: LoginRecord[] }>({
    method: 'GET',
    path: `${USER}/loginHistory.json`,
    summary: '我的登录记录（时间、IP、结果 success/failure/locked、方式 password/sms），分页',
    query: object(pagingProperties),
  }),
};
