import type {} from '@fastify/static'; // reply.sendFile
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, looksLikeFile, pathOf } from './api-paths';
import type { DomainError } from '../domain-error';
import { type ApiError, fail, Flag } from './envelope';
import { errorAnswer } from './error-envelope';
import type { ConsoleIndex } from '../console-index';

/**
 * Errors the router meets before any route or hook runs: a path that is not valid percent-encoding,
 * a path parameter longer than the router takes. Fastify would answer them in English JSON.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const msg = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求地址过长' : '请求地址无效';
  void reply.code(200).send(fail(Flag.BAD_INPUT, msg));
}

/**
 * Every error becomes an envelope with HTTP 200 (429 for a spent rate limit, so proxies and
 * scripts see it without reading the body); internal details stay in the log.
 */
export function installErrorHandlers(app: FastifyInstance, opts: { spa: boolean; index?: Pick<ConsoleIndex, 'send'> }): void {
  app.setErrorHandler((thrown: FastifyError | ApiError | DomainError, request, reply) => {
    const { envelope, status, log } = errorAnswer(thrown);
    if (log === 'warn') request.log.warn({ err: thrown, url: request.url }, 'input the database refused');
    else if (log === 'error') request.log.error({ err: thrown }, 'request failed');
    return reply.code(status).send(envelope);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && !isApiPath(path)) {
      if (looksLikeFile(path)) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      // Console routes (/car/monitor, /center/notice ...) are the SPA's: answer index.html.
      if (opts.index) return opts.index.send(request, reply);
      if (opts.spa) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
      return reply.code(200).send(fail(Flag.NOT_FOUND, '页面不存在（控制台尚未构建，请运行 npm run build）'));
    }
    return reply.code(200).send(fail(Flag.NOT_FOUND, '接口不存在'));
  });
}
