import { batteryPercentFromVoltage } from '../../../sdk/asset-kinds';
import type { BatteryHistory } from '../../../sdk/track';
import { sessionRoute } from '../route-definition';
import { object } from '../schema-helpers';
import { toChinaIso } from '../time-format';
import { PLAYBACK_RESOURCE, resolveTrackRange, TRACK_RANGE_REQUIRED, trackRangeProperties, type TrackRangeQuery } from './track-request';

/** 车辆监控 of 电动车卫士: the page that shows an e-bike's battery chart. */
const EBIKE_MONITOR = 1802;
/** At most this many readings (a week of 30-second reports). */
const MAX_BATTERY_POINTS = 20_000;

export const batteryHistoryRoute = sessionRoute<TrackRangeQuery>({
  method: 'GET',
  url: '/car/v4/api/track/battery.json',
  summary: '电池历史：终端在时间段内每次上报的电池电压（V）、电量（%，电动车按电池电压换算）和充电状态，按时间排序',
  resource: PLAYBACK_RESOURCE,
  alsoResources: [EBIKE_MONITOR],
  schema: { querystring: object(trackRangeProperties, TRACK_RANGE_REQUIRED) },
  handler: async (ctx): Promise<BatteryHistory> => {
    const { asset, start, end } = await resolveTrackRange(ctx, ctx.query);
    const history = await ctx.deps.store.positions.batteryHistory(asset.terminalId, start, end, MAX_BATTERY_POINTS);
    const nominal = asset.assetKind === 'ebike' ? history.nominalVoltage : null;
    return {
      terminalNo: asset.terminalNo, plateNo: asset.plateNo, nominalVoltage: nominal,
      points: history.points.map((p) => ({
        time: toChinaIso(p.time), voltage: p.voltage,
        battery: nominal && p.voltage !== null ? batteryPercentFromVoltage(p.voltage, nominal) : p.battery, charging: p.charging,
      })),
    };
  },
});
