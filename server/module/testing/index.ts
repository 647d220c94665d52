/** What a module's server tests may use besides the contract: a test server, API clients and the demo fixtures. */
export { ManualClock } from '../../clock';
export { DEMO_TENANT, OTHER_TENANT } from '../../store/seed-demo';
export { demoDevices, provisionDemoDevices } from '../../demo/demo-devices';
export { demoDeviceTrack, type DemoTrackPoint } from '../../testing/demo-device-track';
export { ApiClient, demoTenantClients } from '../../testing/api-client';
export { createTestServer, listenOnFreePort, type TestServer } from '../../testing/test-server';
export { API, download, sheetRows, tenantIds, upload, userWith, workbook } from '../../testing/asset-admin';
export { downloadWorkbook, waitExportDone } from '../../testing/export-records';
export { probeMasked } from '../../testing/masked-probe';
// positions written straight into the store, as the gateway commits them (a seeded random walk, a hand-made report day)
export type { PositionRow } from '../../gateway/gateway-ports';
export { SeededRandom } from '../../sim/seeded-random';
export { reportDayTrack, type FixturePoint } from '../../report/testing/report-track-fixture';
export { pollUntil } from '../../testing/poll-until';
export { Jt808TestTerminal } from '../../gateway/testing/jt808-test-terminal';
export { LiveTestClient } from '../../testing/live-client';
export { WatchTestDevice } from '../../testing/watch-test-device';
export { addScopedUser, type ScopedUserSpec } from '../../testing/scoped-users';
// the terminal simulator's devices, played against the test server's gateways
export { DeviceMotion } from '../../sim/devices/device-motion';
export { EBIKE_AREAS } from '../../sim/devices/device-places';
export { gt06SimCodec } from '../../sim/devices/gt06-sim-codec';
export { SimulatedDevice } from '../../sim/devices/simulated-device';
export { SimTicker } from '../../sim/sim-ticker';
export { readQrCode } from '../../testing/qr-code-reader';
export { startAliyunSmsStandIn, startTencentSmsStandIn, type SmsStandIn } from '../../notify/testing/sms-stand-ins';
