// Command line: npx tsx server/sim/sim-cli.ts --devices 100 --interval 30 --host 127.0.0.1 --port 6808 --edition 2013
//               npx tsx server/sim/sim-cli.ts --protocol gt06 --devices 40   (e-bike guards; watch: badges)
import { parseArgs } from 'node:util';
import { DEMO_TACS, demoImeis } from '../demo/demo-devices';
import { startDeviceFleet, type SimDeviceSpec } from './devices/device-fleet';
import { DEVICE_SIM_CODECS } from './devices/device-sim-codecs';
import { fleetStats, formatFleetStats, startFleet } from './fleet-simulator';
import { findSimCity, type SimCity } from './sim-cities';

const USAGE = `usage: sim-cli [--protocol jt808|gt06|watch] --devices N [--interval S] [--host H] [--port P]
               [--edition 2013|2019|mixed] [--start-phone 013800000001] [--duration SECONDS] [--seed N]
               [--concurrency N] [--rate CONNECTS_PER_SEC] [--city beijing,shanghai,…] [--status-every SECONDS]
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
