import { authArea } from './auth/auth-area';
import { dictionaryArea } from './dictionary/dictionary-area';
import { downloadArea } from './download/download-area';
import { gatewayArea } from './gateway/gateway-area';
import { geocodeArea } from './geocode/geocode-area';
import { healthArea } from './health/health-area';
import { manifestArea } from './manifest/manifest-area';
import { monitorArea } from './monitor/monitor-area';
import { noticeArea } from './notice/notice-area';
import { platformArea } from './platform/platform-area';
import { resourceArea } from './resource/resource-area';
import { RouteRegistry } from './route-registry';
import { siteArea } from './site/site-area';
import { trackArea } from './track/track-area';
import { userArea } from './user/user-area';
import { vehicleArea } from './vehicle/vehicle-area';

/** The registry of every API area of this milestone. */
export function createRouteRegistry(): RouteRegistry {
  return new RouteRegistry().add(authArea, siteArea, userArea, resourceArea, platformArea, dictionaryArea, noticeArea, downloadArea, healthArea, manifestArea)
    .add(monitorArea, trackArea, vehicleArea, geocodeArea, gatewayArea);
}
