import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ConsolePolicy } from './content-security-policy';

/**
 * Headers on every answer: no content sniffing, no framing by other sites, no full URLs in the
 * Referer sent to them, and the console's Content-Security-Policy (on the API too: an answer
 * opened as a page gets the same restrictions).
 */
export function setSecurityHeaders(reply: FastifyReply, policy: ConsolePolicy): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('X-Frame-Options', 'SAMEORIGIN');
  reply.header('Content-Security-Policy', policy.header);
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
}

/** Sets the headers on every answer that passes the hooks (the router's own errors do not: see app.ts). */
export function installSecurityHeaders(app: FastifyInstance, policy: ConsolePolicy): void {
  app.addHook('onSend', async (_request, reply) => {
    // only a page can carry new inline-script hashes; other answers reuse the last policy
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) await policy.refresh();
    setSecurityHeaders(reply, policy);
  });
}
