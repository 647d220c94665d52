import { alarmArea } from './alarm/alarm-area';
import { authArea } from './auth/auth-area';
import { commandArea } from './command/command-area';
import { dictionaryArea } from './dictionary/dictionary-area';
import { downloadArea } from './download/download-area';
import { gatewayArea } from './gateway/gateway-area';
import { geocodeArea } from './geocode/geocode-area';
import { healthArea } from './health/health-area';
import { manifestArea } from './manifest/manifest-area';
import { mapArea } from './map/map-settings-routes';
import { mediaArea } from './media/media-routes';
import { monitorArea } from './monitor/monitor-area';
import { noticeArea } from './notice/notice-area';
import { platformArea } from './platform/platform-area';
import { pluginPartArea } from './plugin-part/plugin-part-area';
import { pluginSettingArea } from './plugin-setting/plugin-setting-routes';
import { resourceArea } from './resource/resource-area';
import { moduleAreas, type AnyServerModule } from '../module/module-host';
import { BUILT_IN_MODULES } from '../modules/built-in-modules';
import { RouteRegistry } from './route-registry';
import { siteArea } from './site/site-area';
import { trackArea } from './track/track-area';
import { userArea } from './user/user-area';
import { vehicleArea } from './vehicle/vehicle-area';

/** The registry of every API area: the server's own, then the modules'. */
export function createRouteRegistry(modules: readonly AnyServerModule[] = BUILT_IN_MODULES): RouteRegistry {
  return new RouteRegistry().add(authArea, siteArea, userArea, resourceArea, platformArea, dictionaryArea, noticeArea, downloadArea, healthArea, mapArea, pluginSettingArea, manifestArea)
    .add(monitorArea, trackArea, vehicleArea, geocodeArea, gatewayArea)
    .add(alarmArea)
    .add(commandArea)
    .add(mediaArea)
    .add(...moduleAreas(modules))
    .add(pluginPartArea);
}
