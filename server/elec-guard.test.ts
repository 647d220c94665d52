import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatteryHistory } from '../sdk/track';
import type { CommandView } from './commands/command-view';
import type { DeviceAlarm } from './gateway/device-protocol';
import { Gt06TestTerminal } from './gateway/testing/gt06-test-terminal';
import { DeviceMotion } from './sim/devices/device-motion';
import { EBIKE_AREAS } from './sim/devices/device-places';
import { gt06SimCodec } from './sim/devices/gt06-sim-codec';
import { SimulatedDevice } from './sim/devices/simulated-device';
import { SimTicker } from './sim/sim-ticker';
import { DEMO_TENANT } from './store/seed-demo';
import { demoTenantClients, type ApiClient } from './testing/api-client';
import { pollUntil } from './testing/poll-until';
import { createTestServer, type TestServer } from './testing/test-server';

// 电动车卫士's "done when", each against the whole server: an armed guard shaken by a burst of jolts
// raises exactly one 震动告警 (车辆非法位移, 断电告警 and 低电量 likewise), 断电 of a parked e-bike ends 成功 and
// the simulated guard then reports its power cut off, and the battery's history reads back for the
// chart. On PostgreSQL too when DATABASE_URL is set.

const GUARD = '358710060000771';
const PARKED = '358710060000789';
const SEND = '/car/v1/api/command/commandDownBatch.json';
const COMMANDS = '/car/v1/api/command/list.json';
const MONITOR = '/car/v4/api/monitor/list.json';
const ALARMS = '/car/v1/accelerate/report/alarm/newQueryAlarm';

let server: TestServer;
let admin: ApiClient;
const ticker = new SimTicker(100);

/** A 48 V battery's voltage at `battery` per cent. */
const volts = (battery: number) => Math.round((42 + (battery / 100) * 10.8) * 100) / 100;

/**
 * One report of the guard (test device time, a second after the last): its status, then a position,
 * or an alarm frame while `alarms` holds one; resolves once the server committed it.
 */
async function report(alarms: DeviceAlarm[] = [], battery = 80): Promise<void> {
  lastReport = await guard.report({ at: { lon: 114.0579, lat: 22.5431 }, alarms, battery, batteryVolts: volts(battery) });
}

/** Acts on 设防 / 撤防 / 断电 as a guard does, answering each. */
let guard: Gt06TestTerminal;
let lastReport = 0;
let parked: SimulatedDevice;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  ({ admin } = await demoTenantClients(server.app));
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  const group = await server.store.fleet.ensureGroup(tenant.id, null, '卫士测试', 70);
  const provision = (imei: string, plateNo: string) => server.store.fleet.provision({
    tenantId: tenant.id, groupId: group, terminalNo: imei, displayNo: imei, authCode: '', imei, protocol: 'gt06', plateNo, plateColor: 0, assetKind: 'ebike',
    profile: { batteryVoltage: '48' },
  });
  await provision(GUARD, '粤B·W00771');
  await provision(PARKED, '粤B·W00789');
  guard = await Gt06TestTerminal.connect(server.fleet.devices.gt06!.port, GUARD, { answer: () => 'Success!' });
  await guard.login();
});

afterAll(async () => {
  guard?.close();
  await parked?.stop();
  await server.close();
});

const alarmsOf = async (alarmType: string) => {
  const res = await admin.get<{ total: number; list: { alarmType: string; alarmName: string; terminalNo: string; level: string; detail: Record<string, unknown> }[] }>(ALARMS, {
    start: new Date(Date.now() - 3600_000).toISOString(), end: new Date(Date.now() + 3600_000).toISOString(), alarmType, keyword: GUARD, pageSize: 20,
  });
  return res.obj.list;
};

/** Waits until the guard's last report is stored and the alarm engine has evaluated it. */
async function evaluated(): Promise<void> {
  await pollUntil(() => admin.get<{ list: { gpsTime: string | null }[] }>(MONITOR, { keyword: GUARD }), (r) => Date.parse(r.obj.list[0]?.gpsTime ?? '') === lastReport, 'the jolts stored');
  await server.fleet.alarms.settled();
}

async function command(terminalNo: string, commandType: string, params: Record<string, unknown>): Promise<CommandView> {
  const sent = await admin.postJson<{ batchId: string }>(SEND, { terminalNos: [terminalNo], commandType, params, password: 'Admin@123' });
  expect(sent.flag, sent.msg).toBe(1);
  const done = await pollUntil(() => admin.get<{ list: CommandView[] }>(COMMANDS, { batchId: sent.obj.batchId }), (r) => (r.obj.list[0]?.status ?? 0) >= 2, `${commandType} answered`);
  return done.obj.list[0]!;
}

describe('电动车卫士', () => {
  it('raises no 震动告警 for a jolt while the e-bike is disarmed', async () => {
    await report();
    await pollUntil(() => admin.get<{ list: { online: boolean; armed?: boolean }[] }>(MONITOR, { keyword: GUARD }), (r) => r.obj.list[0]?.armed === false, 'the guard online, 未设防');
    await report(['vibration']);
    await report(['vibration']);
    await report();
    await evaluated();
    expect(await alarmsOf('vibration')).toEqual([]);
  });

  it('arms the guard, and a burst of jolts while armed raises exactly one 震动告警 that counts them', async () => {
    await report();
    await pollUntil(() => admin.get<{ list: { online: boolean }[] }>(MONITOR, { keyword: GUARD }), (r) => r.obj.list[0]?.online === true, 'the guard online');
    expect(await command(GUARD, 'fortify', { action: 'arm' })).toMatchObject({ status: 2, statusText: '成功' });
    expect(guard.armed).toBe(true);
    await report();
    await pollUntil(() => admin.get<{ list: { armed?: boolean }[] }>(MONITOR, { keyword: GUARD }), (r) => r.obj.list[0]?.armed === true, '设防 shown on the monitor');
    await report(['vibration']);
    await report(['vibration']);
    await report(['vibration']);
    await report();
    await evaluated();
    const vibration = await alarmsOf('vibration');
    expect(vibration).toHaveLength(1);
    expect(vibration[0]).toMatchObject({ alarmName: '震动告警', terminalNo: GUARD, level: 'normal', detail: { count: 3 } });
  });

  it('raises 电动车非法位移 (车辆非法位移 as an e-bike says it) when the guard reports its own displacement alarm, 断电告警 when the external power goes and 低电量 for a flat battery', async () => {
    await report(['displacement']);
    await report(['powerCut']);
    await report([], 5);
    const moved = await pollUntil(() => alarmsOf('illegalMove'), (l) => l.length > 0, '车辆非法位移');
    const powerCut = await pollUntil(() => alarmsOf('powerCut'), (l) => l.length > 0, '断电告警');
    const low = await pollUntil(() => alarmsOf('lowBattery'), (l) => l.length > 0, '低电量');
    await server.fleet.alarms.settled();
    expect([moved.length, powerCut.length, low.length]).toEqual([1, 1, 1]);
    expect([moved[0]!.alarmName, powerCut[0]!.alarmName, low[0]!.alarmName]).toEqual(['电动车非法位移', '终端主电源掉电', '低电量']);
  });

  it('cuts the power of a parked simulated e-bike: 成功, and the guard then reports its power cut off', async () => {
    const motion = new DeviceMotion('ebike', 11, EBIKE_AREAS[0]!, { nominalVolts: 48 });
    const real = motion.report.bind(motion);
    // parked: standing, ignition off
    motion.report = (now) => {
      const r = real(now);
      return { ...r, acc: false, alarms: [], fix: r.fix.kind === 'gps' ? { ...r.fix, speed: 0 } : r.fix };
    };
    parked = new SimulatedDevice({ imei: PARKED, codec: gt06SimCodec, motion, host: '127.0.0.1', port: server.fleet.devices.gt06!.port, intervalSec: 2, ticker });
    parked.start();
    await pollUntil(() => admin.get<{ list: { online: boolean; speed: number | null }[] }>(MONITOR, { keyword: PARKED }), (r) => r.obj.list[0]?.online === true && r.obj.list[0]?.speed !== null, 'the parked e-bike reporting');
    // its battery and 设防 state show from the start, not only after a command
    const status = await pollUntil(
      () => admin.get<{ list: { externalVoltage: number | null; armed: boolean | null }[] }>(MONITOR, { keyword: PARKED }),
      (r) => typeof r.obj.list[0]?.externalVoltage === 'number' && typeof r.obj.list[0]?.armed === 'boolean',
      'the parked e-bike’s battery voltage and 设防 state',
    );
    expect(status.obj.list[0]!.externalVoltage).toBeGreaterThan(40);
    expect(await command(PARKED, 'oilPower', { action: 'cut' })).toMatchObject({ status: 2, statusText: '成功' });
    const after = await pollUntil(() => admin.get<{ list: { powerCut?: boolean }[] }>(MONITOR, { keyword: PARKED }), (r) => r.obj.list[0]?.powerCut === true, 'power cut off reported');
    expect(after.obj.list[0]!.powerCut).toBe(true);
  });

  it('reads the battery’s voltage and charge over time for the chart', async () => {
    const res = await admin.get<BatteryHistory>('/car/v4/api/track/battery.json', {
      terminalNo: GUARD, start: new Date(Date.now() - 3600_000).toISOString(), end: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(res.flag, res.msg).toBe(1);
    expect(res.obj).toMatchObject({ terminalNo: GUARD, plateNo: '粤B·W00771', nominalVoltage: 48 });
    const withVoltage = res.obj.points.filter((p) => p.voltage !== null);
    expect(withVoltage.length).toBeGreaterThan(0);
    // read from the voltage by the 48 V pack: 50.64 V is 80 %, the flat report's 42.54 V 5 %
    expect(withVoltage.find((p) => p.voltage === 50.64)?.battery).toBe(80);
    expect(withVoltage.find((p) => p.voltage === 42.54)?.battery).toBe(5);
    const times = res.obj.points.map((p) => Date.parse(p.time));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(await admin.get('/car/v4/api/track/battery.json', { terminalNo: GUARD, start: 'gestern', end: new Date().toISOString() })).toMatchObject({ flag: 400 });
  });
});
