/** What a module's server tests may use besides the contract: a test server, API clients and the demo fixtures. */
export { ManualClock } from '../../clock';
export { DEMO_TENANT } from '../../store/seed-demo';
export { demoDevices, provisionDemoDevices } from '../../demo/demo-devices';
export { ApiClient, demoTenantClients } from '../../testing/api-client';
export { createTestServer, listenOnFreePort, type TestServer } from '../../testing/test-server';
export { download, sheetRows, tenantIds, upload, userWith, workbook } from '../../testing/asset-admin';
export { downloadWorkbook, waitExportDone } from '../../testing/export-records';
export { probeMasked } from '../../testing/masked-probe';
export { addScopedUser } from '../../testing/scoped-users';
export { LiveTestClient } from '../../testing/live-client';
// positions written straight into the store, as the gateway commits them (a seeded random walk, a hand-made report day)
export type { PositionRow } from '../../gateway/gateway-ports';
export { SeededRandom } from '../../sim/seeded-random';
export { reportDayTrack, type FixturePoint } from '../../report/testing/report-track-fixture';
export { pollUntil } from '../../testing/poll-until';
export { WatchTestDevice } from '../../testing/watch-test-device';
export { readQrCode } from '../../testing/qr-code-reader';
export { startAliyunSmsStandIn, startTencentSmsStandIn, type SmsStandIn } from '../../notify/testing/sms-stand-ins';
