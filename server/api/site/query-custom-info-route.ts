import { ApiError, badInput, Flag } from '../envelope';
import { KernelApi } from '../../../sdk/contracts/kernel';
import { publicRoute } from '../route-definition';
import { parseSiteHost } from './site-host';

export const queryCustomInfoRoute = publicRoute.of(KernelApi.branding, {
  handler: async ({ query, deps }) => {
    const host = parseSiteHost(query.url);
    if (!host) throw badInput('站点地址格式不正确');
    // A branding for host:port wins over the one for the bare host.
    const site = (await deps.store.sites.find(host.withPort)) ?? (await deps.store.sites.find(host.name));
    if (site) return { iconUrl: site.iconUrl, description: site.description, keyword: site.keyword, title: site.title };
    const title = deps.config.defaultSiteTitle;
    if (title) return { iconUrl: '/favicon.ico', description: title, keyword: title, title };
    throw new ApiError(Flag.SITE_CONFIG_MISSING, '站点未配置');
  },
});
