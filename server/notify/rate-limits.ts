import type { RateWindow } from '../store/notify-queries';

/**
 * Burst merge: at most one message per recipient (robot, address, number) a minute. The first
 * alarm goes out at once; those that follow within the minute wait for it to pass and then go
 * together as one message that lists them.
 */
export const BURST_WINDOW: RateWindow = { ms: 60_000, max: 1 };

/**
 * The providers' documented limits, per robot or per phone number; a row over them waits (its
 * try not counted) and is never dropped.
 * - 钉钉 custom robot: 20 messages a minute (more and the robot is throttled for 10 minutes).
 * - 企业微信 group robot: 20 messages a minute.
 * - 飞书 custom bot: 100 a minute and 5 a second.
 * - 阿里云短信, notification messages: 50 a day to one number with one sign and template
 *   (counted over the last 24 hours, as 阿里云 does).
 * - 腾讯云短信: one message of the same content to a number per 30 seconds and 10 a day (kept here
 *   as 24 hours: never over the calendar-day limit).
 */
export const PROVIDER_LIMITS: Record<string, readonly RateWindow[]> = {
  dingtalk: [{ ms: 60_000, max: 20 }],
  wecom: [{ ms: 60_000, max: 20 }],
  feishu: [{ ms: 60_000, max: 100 }, { ms: 1000, max: 5 }],
  'aliyun-sms': [{ ms: 24 * 3600_000, max: 50 }],
  'tencent-sms': [{ ms: 30_000, max: 1 }, { ms: 24 * 3600_000, max: 10 }],
};
