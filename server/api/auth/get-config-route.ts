import { KernelApi } from '../../../sdk/contracts/kernel';
import { publicRoute } from '../route-definition';

export const getConfigRoute = publicRoute.of(KernelApi.config, {
  handler: async ({ deps }) => ({
    legacyLoginHosts: deps.config.legacyLoginHosts,
    ...(deps.config.aiUrl ? { aiUrl: deps.config.aiUrl } : {}),
    ...(deps.config.aiScriptUrl ? { aiScriptUrl: deps.config.aiScriptUrl } : {}),
    smsLoginEnabled: await deps.smsLogin.enabled(),
    mapProvider: deps.config.mapProvider,
    ...(deps.config.mapKey ? { mapKey: deps.config.mapKey } : {}),
  }),
});
