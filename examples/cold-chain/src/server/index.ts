import { badInput, defineServerPart, type PartContext, type PartPosition } from '@tianlu/sdk/server';
import { ColdChainService } from './cold-chain-service';
import { EXPORT_COLUMNS, EXPORT_TITLE, exportRows, listReadings, listTrips, listVehicles, saveLimits } from './routes';
import { SettingsCache } from './settings-cache';
import { ColdChainStore, migrations } from './store';
import { decodeTemperature } from './temperature';

/**
 * 冷链监控's server part: decodes the cold box's temperature from the tenant's configured JT/T 808
 * item, stores every reading, raises 温度超限 once per episode outside the vehicle's limits, and answers
 * the pages under /plugins/cold-chain/api/.
 */

/**
 * The tenants' settings. Reading decoders are synchronous and get no context: they read what this
 * cache holds (the defaults until a tenant's first read arrives), which `services` connects to the
 * part's settings when it starts.
 */
const settings = new SettingsCache();
let running: ColdChainService | undefined;

const API = '/plugins/cold-chain/api';
const refuse = (message: string) => badInput(message);

export default defineServerPart({
  name: 'cold-chain',
  migrations,
  services(ctx: PartContext) {
    settings.attach((tenantId) => ctx.settings.get(tenantId), {
      onError: (tenantId, error) => ctx.log.warn({ err: error, tenantId }, '读取冷链监控设置失败，沿用上次的设置'),
      now: () => ctx.clock.now().getTime(),
    });
    running = new ColdChainService(ctx, new ColdChainStore(ctx.db, () => ctx.clock.now().getTime()), settings);
    return running;
  },
  readings: {
    'cold-chain.t1': (src) => {
      const s = settings.peek(src.tenantId);
      return decodeTemperature(src.item(s.itemId), s.encoding);
    },
  },
  subscriptions: {
    // the part's services are built before any data is handed to it
    async positions(batch: readonly PartPosition[]) {
      await running?.take(batch);
    },
  },
  routes: [
    {
      method: 'GET',
      url: `${API}/vehicles.json`,
      summary: '车辆温度总览',
      async handler({ services, user, assets }) {
        return listVehicles(services, { user, assets });
      },
    },
    {
      method: 'POST',
      url: `${API}/limits/save.json`,
      summary: '设置车辆温度上下限',
      resource: 4100101,
      async handler({ services, user, assets, audit, body }) {
        return saveLimits(services, { user, assets, audit }, body, refuse);
      },
    },
    {
      method: 'GET',
      url: `${API}/trips.json`,
      summary: '车辆运输温度',
      async handler({ services, user, assets, query }) {
        return listTrips(services, { user, assets }, query, refuse);
      },
    },
    {
      method: 'GET',
      url: `${API}/readings.json`,
      summary: '车辆温度读数',
      async handler({ services, user, assets, query }) {
        return listReadings(services, { user, assets }, query, refuse);
      },
    },
    {
      method: 'POST',
      url: `${API}/export.json`,
      summary: '导出温度记录',
      resource: 4100102,
      alsoResources: [4100201],
      async handler({ services, user, assets, body, plugin }) {
        const rows = await exportRows(services, { user, assets }, body, refuse);
        return plugin.exports.start({ user, title: EXPORT_TITLE, columns: [...EXPORT_COLUMNS], rows });
      },
    },
  ],
});
