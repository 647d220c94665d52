// Command line: npx tsx server/sim/sim-cli.ts --devices 100 --interval 30 --host 127.0.0.1 --port 6808 --edition 2013
import { parseArgs } from 'node:util';
import { fleetStats, formatFleetStats, startFleet } from './fleet-simulator';
import { findSimCity, type SimCity } from './sim-cities';

const USAGE = `usage: sim-cli --devices N [--interval S] [--host H] [--port P] [--edition 2013|2019|mixed]
               [--start-phone 013800000001] [--duration SECONDS] [--seed N] [--concurrency N]
               [--rate CONNECTS_PER_SEC] [--city beijing,shanghai,…] [--status-every SECONDS]`;

function main(): void {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '10' },
      interval: { type: 'string', default: '30' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: process.env.JT808_PORT ?? '6808' },
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
    port: num('port', values.port, 1),
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
