import { publicRoute } from '../route-definition';

export const getConfigRoute = publicRoute({
  method: 'GET',
  url: '/oauthToken/getConfig',
  summary: '控制台启动配置（旧版登录域名、AI 助手、短信登录、地图）',
  handler: async ({ deps }) => ({
    legacyLoginHosts: deps.config.legacyLoginHosts,
    ...(deps.config.aiUrl ? { aiUrl: deps.config.aiUrl } : {}),
    ...(deps.config.aiScriptUrl ? { aiScriptUrl: deps.config.aiScriptUrl } : {}),
    smsLoginEnabled: await deps.smsLogin.enabled(),
    mapProvider: deps.config.mapProvider,
    ...(deps.config.mapKey ? { mapKey: deps.config.mapKey } : {}),
  }),
});
