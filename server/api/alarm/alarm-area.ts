import type { ApiArea } from '../route-registry';
import { configAlarmControlRoute, listAlarmControlRoute } from './alarm-control-routes';
import { configAlarmPushRoute, listAlarmPushRoute } from './alarm-push-routes';
import { notifyChannelsRoute, notifyDeleteChannelRoute, notifyEnableChannelRoute, notifySaveChannelRoute, notifyTestChannelRoute } from './notify-channel-routes';
import { notifyExportRecordsRoute, notifyRecordsRoute } from './notify-record-routes';
import { actualTimeAlarmQueryRoute, newQueryAlarmRoute, queryActualTimeAlarmNumRoute } from './alarm-query-routes';
import { configNotifyRoutingRoute, listNotifyRoutingRoute } from './notify-routing-routes';
import { processAlarmRoute } from './process-alarm-route';

export const alarmArea: ApiArea = {
  name: 'alarm',
  routes: [
    newQueryAlarmRoute, actualTimeAlarmQueryRoute, queryActualTimeAlarmNumRoute, processAlarmRoute,
    listAlarmControlRoute, configAlarmControlRoute, listAlarmPushRoute, configAlarmPushRoute,
    notifyChannelsRoute, notifySaveChannelRoute, notifyEnableChannelRoute, notifyDeleteChannelRoute, notifyTestChannelRoute,
    notifyRecordsRoute, notifyExportRecordsRoute,
    listNotifyRoutingRoute, configNotifyRoutingRoute,
  ],
};
