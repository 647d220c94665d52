/**
 * Decode rate in memory per protocol: what each gateway does per report before storage — split the
 * stream, check the frame, decode it into a store row — for GT06 (0x22 GPS locations) and the watch
 * protocol (UD), beside JT/T 808 0x0200 measured the same way in the same run (the reference the
 * ingest figures are read against). Frames come from the simulator's device-side encoders.
 *
 *   npx tsx bench/protocol-decode.bench.ts        env: BENCH_DECODE_S=3
 */
import { loadavg } from 'node:os';
import { deviceRow } from '../server/gateway/device-position-mapper';
import type { DeviceProtocol } from '../server/gateway/device-protocol';
import { gt06Protocol } from '../server/gateway/gt06/index';
import { watchProtocol } from '../server/gateway/watch/index';
import { gt06SimCodec } from '../server/sim/devices/gt06-sim-codec';
import type { DeviceReport } from '../server/sim/devices/device-motion';
import type { DeviceSimCodec } from '../server/sim/devices/simulated-device';
import { watchSimCodec } from '../server/sim/devices/watch-sim-codec';
import { BenchReport, thousands } from './bench-report';
import { measureDecode } from './ingest-references';

const SECONDS = Number(process.env.BENCH_DECODE_S ?? 3);
const DEVICES = 5000;
const IDENTITY = { terminalId: 1, tenantId: 1, authCode: '' };
const GOALS = { gt06: 0.5, watch: 0.25 } as const;

function reportOf(i: number, fixBaseMs: number): DeviceReport {
  return {
    timeMs: fixBaseMs + i * 1000,
    fix: { kind: 'gps', lon: 113.9 + (i % 100) * 0.001, lat: 22.5 + (i % 70) * 0.001, speed: i % 60, course: i % 360, satellites: 9 },
    battery: 80, charging: false, acc: true, armed: false, powerCutOff: false, steps: i, alarms: [],
  };
}

function measure(protocol: DeviceProtocol, codec: DeviceSimCodec, fixBaseMs: number): { framesPerSecond: number; frames: number } {
  const pool = Array.from({ length: DEVICES }, (_, i) => codec.report(String(358710060000000 + i), reportOf(i, fixBaseMs), () => i & 0xffff)[0]!);
  const splitter = protocol.createSplitter();
  const receivedTime = new Date();
  let done = 0;
  let sink = 0;
  const run = (until: number) => {
    while (performance.now() < until) {
      for (let i = 0; i < 1000; i++) {
        const raw = pool[done++ % pool.length]!;
        for (const frame of splitter.push(raw).frames) {
          const d = protocol.decode(frame, {});
          if (!d.ok) throw new Error(`${protocol.name} frame refused: ${d.reason} ${d.detail}`);
          const row = deviceRow(d.message.fixes[0]!, d.message, { terminalNo: '1', identity: IDENTITY, receivedTime }, { status: {}, readings: undefined, approximate: undefined, last: undefined });
          if ('problem' in row) throw new Error(row.problem);
          sink += row.lon;
        }
      }
    }
  };
  run(performance.now() + 300);
  done = 0;
  const t0 = performance.now();
  run(t0 + SECONDS * 1000);
  if (!(sink > 0)) throw new Error('nothing decoded');
  return { framesPerSecond: done / ((performance.now() - t0) / 1000), frames: done };
}

function main(): void {
  const report = new BenchReport();
  const fixBaseMs = Math.floor(Date.now() / 1000) * 1000 - 86_400_000;
  console.log(`machine load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${SECONDS} s per protocol, ${thousands(DEVICES)} distinct frames each`);
  const jt808 = measureDecode(DEVICES, '016600000001', fixBaseMs, SECONDS);
  const gt06 = measure(gt06Protocol, gt06SimCodec, fixBaseMs);
  const watch = measure(watchProtocol, watchSimCodec, fixBaseMs);
  report.bench('reference.jt808-decode-0200', jt808.framesPerSecond, 'frames/s');
  report.bench('decode.gt06-0x22', gt06.framesPerSecond, 'frames/s');
  report.bench('decode.watch-UD', watch.framesPerSecond, 'frames/s');
  report.bench('decode.gt06-over-jt808', gt06.framesPerSecond / jt808.framesPerSecond, 'x');
  report.bench('decode.watch-over-jt808', watch.framesPerSecond / jt808.framesPerSecond, 'x');
  report.check(gt06.framesPerSecond >= GOALS.gt06 * jt808.framesPerSecond, `goal: GT06 decode ${thousands(gt06.framesPerSecond)} frames/s >= ${GOALS.gt06} × JT/T 808 (${thousands(jt808.framesPerSecond)})`);
  report.check(watch.framesPerSecond >= GOALS.watch * jt808.framesPerSecond, `goal: watch decode ${thousands(watch.framesPerSecond)} frames/s >= ${GOALS.watch} × JT/T 808 (${thousands(jt808.framesPerSecond)})`);
  console.log('(reproduce: npx tsx bench/protocol-decode.bench.ts)');
  report.finish();
}

main();
