import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** OpenAPI document of every registered route, browsable at /docs. Must be registered before the routes. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '天路 Tianlu API',
        description: '控制台与服务端接口。所有 JSON 应答为 {flag, msg, obj}：flag 1 成功，4010 会话过期，5001 站点未配置，403 无权限，400 参数错误，404 不存在，500 内部错误。',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { sessionId: { type: 'apiKey', in: 'header', name: 'sessionId' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
