import { batteryPercentFromVoltage } from '../../../sdk/asset-kinds';
import type { BatteryHistory } from '../../../sdk/track';
import { sessionRoute } from '../route-definition';
import { MonitorApi } from '../../../sdk/contracts/monitor';
import { toChinaIso } from '../../time/china-time';
import { PLAYBACK_RESOURCE, resolveTrackRange } from './track-request';

/** 电动车监控 of 电动车卫士, and its 电池曲线 page that shows an e-bike's battery chart. */
const EBIKE_MONITOR = 1802;
const EBIKE_BATTERY = 1811;
/** At most this many readings (a week of 30-second reports). */
const MAX_BATTERY_POINTS = 20_000;

export const batteryHistoryRoute = sessionRoute.of(MonitorApi.battery, {
  resource: PLAYBACK_RESOURCE,
  alsoResources: [EBIKE_MONITOR, EBIKE_BATTERY],
  handler: async (ctx): Promise<BatteryHistory> => {
    const { asset, start, end } = await resolveTrackRange(ctx, ctx.query);
    const history = await ctx.deps.store.positions.batteryHistory(asset.terminalId, start, end, MAX_BATTERY_POINTS);
    const nominal = asset.assetKind === 'ebike' ? history.nominalVoltage : null;
    // with a known pack, 电量 is read from the same voltage readings as 电压 (the guard's own coarse
    // level would disagree with them); a report without a voltage then has nothing to show
    const points = nominal ? history.points.filter((p) => p.voltage !== null) : history.points;
    return {
      terminalNo: asset.terminalNo, plateNo: asset.plateNo, nominalVoltage: nominal,
      points: points.map((p) => ({
        time: toChinaIso(p.time), voltage: p.voltage,
        battery: nominal && p.voltage !== null ? batteryPercentFromVoltage(p.voltage, nominal) : p.battery, charging: p.charging,
      })),
    };
  },
});
