import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { tooManyRequests } from './envelope';

/**
 * Routes that share one per-address budget: `login` the token calls (password and SMS), `loginPage`
 * the login page and its image codes (each page is a stored row), `sms` the calls that send a text
 * message. The per-account lock and the per-phone SMS interval stay; these stop one address from
 * trying many accounts, filling the page table or texting many phones.
 */
export type RateLimitGroup = 'login' | 'loginPage' | 'sms';

const WINDOW_MS = 60_000;

/** Counts a request against its group's budget; throws flag 429 once the budget is spent. */
export type RateLimitCheck = (group: RateLimitGroup, request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Per-minute budgets from the configuration; a group set to 0 is not limited. */
export async function registerRateLimits(app: FastifyInstance, config: Pick<ServerConfig, 'loginRateLimit' | 'smsRateLimit'>): Promise<RateLimitCheck> {
  // global: false — only the routes that name a group are counted
  await app.register(rateLimit, { global: false });
  // the login page takes the login budget again, on its own counter: a login costs one page and a few codes
  const budgets: Record<RateLimitGroup, number> = { login: config.loginRateLimit, loginPage: config.loginRateLimit, sms: config.smsRateLimit };
  // one counter per group, not per URL, so a route's aliases draw on the same budget
  const limiters = new Map<RateLimitGroup, ReturnType<FastifyInstance['createRateLimit']>>();
  for (const group of Object.keys(budgets) as RateLimitGroup[]) {
    if (budgets[group] > 0) limiters.set(group, app.createRateLimit({ max: budgets[group], timeWindow: WINDOW_MS }));
  }
  return async (group, request, reply) => {
    const limiter = limiters.get(group);
    if (!limiter) return;
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw tooManyRequests();
  };
}
