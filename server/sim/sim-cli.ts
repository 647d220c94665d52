// Command line: npx tsx server/sim/sim-cli.ts --devices 100 --interval 30 --host 127.0.0.1 --port 6808 --edition 2013
//               npx tsx server/sim/sim-cli.ts --devices 20 --cold-box 5 --cold-item E1 --cold-encoding int16x10   (reefer temperatures)
//               npx tsx server/sim/sim-cli.ts --protocol gt06 --devices 40   (e-bike guards; watch: badges)
import { parseArgs } from 'node:util';
import { DEMO_TACS, demoImeis } from '../demo/demo-devices';
import { startDeviceFleet, type SimDeviceSpec } from './devices/device-fleet';
import { COLD_BOX_ENCODINGS, type ColdBoxEncoding } from './cold-box';
import { DEVICE_SIM_CODECS } from './devices/device-sim-codecs';
import { fleetStats, formatFleetStats, startFleet } from './fleet-simulator';
import { findSimCity, type SimCity } from './sim-cities';

const USAGE = `usage: sim-cli [--protocol jt808|gt06|watch] --devices N [--interval S] [--host H] [--port P]
               [--edition 2013|2019|mixed] [--start-phone 013800000001] [--duration SECONDS] [--seed N]
               [--concurrency N] [--rate CONNECTS_PER_SEC] [--city beijing,shanghai,…] [--status-every SECONDS]
               [--cold-box N] [--cold-item E1] [--cold-encoding int16x10|uint16offset|int8] [--cold-setpoint 4]
  jt808: --cold-box N gives the first N terminals a refrigerated box whose temperature goes out in every
         position as additional item --cold-item (hex, default E1) in --cold-encoding (default int16x10:
         signed 0.1 ℃; uint16offset: unsigned 0.1 ℃ from −50 ℃; int8: signed whole ℃). The box holds
         --cold-setpoint ℃ (default 4); now and then a door-open or defrost excursion keeps it 4.4–8.5 ℃
         warmer for a few reports (above 8 ℃ at the default setpoint)
  gt06:  e-bike guards with the demo's IMEIs (TAC 35871006) on GT06_PORT (6809)
  watch: staff badges with the demo's IMEIs (TAC 86871004) on WATCH_PORT (6810)`;

/** GT06 e-bike guards or watch-protocol badges numbered as the demo provisions them. */
function deviceSpecs(protocol: 'gt06' | 'watch', devices: number): SimDeviceSpec[] {
  const imeis = demoImeis(protocol === 'gt06' ? DEMO_TACS.ebike : DEMO_TACS.badge, devices);
  return imeis.map((imei, i) => (protocol === 'gt06'
    ? { imei, protocol, role: 'ebike' as const, index: i }
    : { imei, protocol, role: 'badge' as const, index: i }));
}

function runDevices(protocol: 'gt06' | 'watch', values: Record<string, string | boolean | undefined>, num: (name: string, v: string | undefined, min: number) => number): void {
  const port = values.port === undefined
    ? Number(protocol === 'gt06' ? process.env.GT06_PORT ?? 6809 : process.env.WATCH_PORT ?? 6810)
    : num('port', values.port as string, 1);
  const fleet = startDeviceFleet({
    devices: deviceSpecs(protocol, Math.floor(num('devices', values.devices as string, 0))),
    codecs: DEVICE_SIM_CODECS, host: String(values.host), ports: { gt06: port, watch: port },
    intervalSec: num('interval', values.interval as string, 1), seed: num('seed', values.seed as string, 0),
  });
  const status = setInterval(() => {
    const sum = fleet.devices.reduce((a, d) => ({ reports: a.reports + d.counters.reports, commands: a.commands + d.counters.commands }), { reports: 0, commands: 0 });
    console.log(`[sim ${protocol}] devices ${fleet.devices.length}  connected ${fleet.connected()}  reports ${sum.reports}  commands ${sum.commands}`);
  }, num('status-every', values['status-every'] as string, 1) * 1000);
  const stop = async () => {
    clearInterval(status);
    await fleet.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  if (values.duration !== undefined) setTimeout(() => void stop(), num('duration', values.duration as string, 0) * 1000);
}

function main(): void {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '10' },
      interval: { type: 'string', default: '30' },
      host: { type: 'string', default: '127.0.0.1' },
      protocol: { type: 'string', default: 'jt808' },
      port: { type: 'string' },
      edition: { type: 'string', default: '2013' },
      'start-phone': { type: 'string', default: '013800000001' },
      duration: { type: 'string' },
      seed: { type: 'string', default: '808' },
      concurrency: { type: 'string', default: '200' },
      rate: { type: 'string', default: '500' },
      city: { type: 'string' },
      'status-every': { type: 'string', default: '5' },
      'cold-box': { type: 'string', default: '0' },
      'cold-item': { type: 'string', default: 'E1' },
      'cold-encoding': { type: 'string', default: 'int16x10' },
      'cold-setpoint': { type: 'string', default: '4' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return void console.log(USAGE);
  const num = (name: string, v: string | undefined, min: number): number => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number ≥ ${min}, got ${v}`);
    return n;
  };
  const protocol = values.protocol;
  if (protocol !== 'jt808' && protocol !== 'gt06' && protocol !== 'watch') fail(`--protocol must be jt808, gt06 or watch, got ${protocol}`);
  if (protocol !== 'jt808') return runDevices(protocol, values, num);
  const edition = values.edition;
  if (edition !== '2013' && edition !== '2019' && edition !== 'mixed') fail(`--edition must be 2013, 2019 or mixed, got ${edition}`);
  let cities: SimCity[] | undefined;
  if (values.city) {
    cities = values.city.split(',').map((c) => findSimCity(c.trim()) ?? fail(`unknown city ${c}`));
  }
  const coldBoxes = num('cold-box', values['cold-box'], 0);
  if (!Number.isInteger(coldBoxes)) fail(`--cold-box must be a whole number, got ${values['cold-box']}`);
  const coldItem = values['cold-item'];
  if (!/^(0x)?[0-9a-f]{1,2}$/i.test(coldItem) || [0, 0x01, 0x02, 0x30, 0x31].includes(parseInt(coldItem.replace(/^0x/i, ''), 16))) {
    fail(`--cold-item must be a hex item id 01–FF other than 01, 02, 30, 31 (the simulator's own), got ${coldItem}`);
  }
  const coldEncoding = values['cold-encoding'] as ColdBoxEncoding;
  if (!COLD_BOX_ENCODINGS.includes(coldEncoding)) fail(`--cold-encoding must be ${COLD_BOX_ENCODINGS.join(', ')}, got ${coldEncoding}`);
  const coldSetpoint = Number(values['cold-setpoint']);
  if (!Number.isFinite(coldSetpoint) || coldSetpoint < -40 || coldSetpoint > 30) fail(`--cold-setpoint must be a number −40 … 30, got ${values['cold-setpoint']}`);
  const fleet = startFleet({
    devices: Math.floor(num('devices', values.devices, 0)),
    intervalSec: num('interval', values.interval, 1),
    host: values.host,
    port: num('port', values.port ?? process.env.JT808_PORT ?? '6808', 1),
    edition,
    startPhone: values['start-phone'],
    seed: num('seed', values.seed, 0),
    connectConcurrency: num('concurrency', values.concurrency, 1),
    connectsPerSecond: num('rate', values.rate, 1),
    ...(cities && { cities }),
    ...(coldBoxes > 0 && {
      coldBox: { terminals: coldBoxes, itemId: parseInt(coldItem.replace(/^0x/i, ''), 16), encoding: coldEncoding, setpoint: coldSetpoint },
    }),
  });
  const started = Date.now();
  const status = setInterval(() => console.log(`[sim ${Math.round((Date.now() - started) / 1000)}s] ${formatFleetStats(fleetStats(fleet.terminals))}`), num('status-every', values['status-every'], 1) * 1000);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(status);
    await fleet.stop();
    console.log(`[sim done] ${formatFleetStats(fleet.stats())}`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  if (values.duration !== undefined) setTimeout(() => void stop(), num('duration', values.duration, 0) * 1000);
}

function fail(message: string): never {
  console.error(message + '\n' + USAGE);
  process.exit(2);
}

main();
