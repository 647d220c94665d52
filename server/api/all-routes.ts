import { alarmArea } from './alarm/alarm-area';
import { authArea } from './auth/auth-area';
import { cardArea } from './card/card-area';
import { commandArea } from './command/command-area';
import { dataCenterArea } from './data-center/dashboard-routes';
import { dictionaryArea } from './dictionary/dictionary-area';
import { downloadArea } from './download/download-area';
import { elecCarArea } from './elec-car/guard-settings-routes';
import { fenceArea } from './fence/fence-area';
import { gatewayArea } from './gateway/gateway-area';
import { geocodeArea } from './geocode/geocode-area';
import { healthArea } from './health/health-area';
import { manifestArea } from './manifest/manifest-area';
import { mapArea } from './map/map-settings-routes';
import { mediaArea } from './media/media-routes';
import { monitorArea } from './monitor/monitor-area';
import { noticeArea } from './notice/notice-area';
import { platformArea } from './platform/platform-area';
import { resourceArea } from './resource/resource-area';
import { moduleAreas, type AnyServerModule } from '../module/module-host';
import { BUILT_IN_MODULES } from '../modules/built-in-modules';
import { RouteRegistry } from './route-registry';
import { siteArea } from './site/site-area';
import { systemAdminArea } from './system/system-admin-area';
import { systemAssetsArea } from './system/vehicle-area';
import { trackArea } from './track/track-area';
import { userArea } from './user/user-area';
import { vehicleArea } from './vehicle/vehicle-area';

/** The registry of every API area: the server's own, then the modules'. */
export function createRouteRegistry(modules: readonly AnyServerModule[] = BUILT_IN_MODULES): RouteRegistry {
  return new RouteRegistry().add(authArea, siteArea, userArea, resourceArea, platformArea, dictionaryArea, noticeArea, downloadArea, healthArea, mapArea, manifestArea)
    .add(monitorArea, trackArea, vehicleArea, geocodeArea, gatewayArea)
    .add(alarmArea, fenceArea)
    .add(commandArea)
    .add(systemAdminArea)
    .add(systemAssetsArea, mediaArea)
    .add(elecCarArea)
    .add(dataCenterArea, cardArea)
    .add(...moduleAreas(modules));
}
