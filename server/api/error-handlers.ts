import type {} from '@fastify/static'; // reply.sendFile
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, looksLikeFile, pathOf } from './api-paths';
import { DomainError } from '../domain-error';
import { ApiError, apiErrorOf, fail, Flag } from './envelope';
import type { ConsoleIndex } from '../console-index';
import { validationMessage } from './validation-message';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度不正确',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容不能为空',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON',
};

/** PostgreSQL's class 22 (data exception): out-of-range numbers, invalid dates or text, NUL bytes. */
function isDataException(error: { code?: unknown }): boolean {
  return typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);
}

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
    // a domain service's refusal is answered like the API's own
    const error = thrown instanceof DomainError ? apiErrorOf(thrown) : thrown;
    reply.code(error instanceof ApiError && error.flag === Flag.TOO_MANY_REQUESTS ? 429 : 200);
    if (error instanceof ApiError) return reply.send(fail(error.flag, error.message, error.obj));
    if (error.validation) return reply.send(fail(Flag.BAD_INPUT, validationMessage(error.validation)));
    const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    if (known) return reply.send(fail(Flag.BAD_INPUT, known));
    if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return reply.send(fail(Flag.BAD_INPUT, '请求无效'));
    }
    if (isDataException(error)) {
      // a value the database cannot hold (an id past its column, a malformed date) came from the
      // caller; the schema should have refused it, so the log still names the route
      request.log.warn({ err: error, url: request.url }, 'input the database refused');
      return reply.send(fail(Flag.BAD_INPUT, '请求参数超出允许的范围或格式不正确'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.send(fail(Flag.INTERNAL, '服务器内部错误'));
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
