// Entry of a gateway worker process, forked by GatewayWorkerPool through node:cluster: its
// listen() calls share the primary's ports, so connections are spread over the workers.
import cluster from 'node:cluster';
import type { GatewayLog } from '../gateway/gateway-ports';
import { startGatewayWorker, type GatewayWorkerSettings } from './gateway-worker';
import type { PrimaryToWorker, WorkerToPrimary } from './worker-messages';

/** Pino-shaped JSON lines on stdout, like the primary's log, tagged with the worker. */
function workerLog(worker: number, level: string): GatewayLog {
  const quiet = level !== 'info' && level !== 'debug' && level !== 'trace';
  const line = (lvl: number, obj: object, msg: string) => {
    const fields: Record<string, unknown> = { ...obj };
    if (fields.err instanceof Error) fields.err = { message: fields.err.message, stack: fields.err.stack };
    process.stdout.write(`${JSON.stringify({ level: lvl, time: Date.now(), pid: process.pid, component: 'gateway-worker', worker, ...fields, msg })}\n`);
  };
  return {
    info: (obj, msg) => { if (!quiet) line(30, obj, msg); },
    warn: (obj, msg) => line(40, obj, msg),
    error: (obj, msg) => line(50, obj, msg),
  };
}

const settings = JSON.parse(process.env.TIANLU_GATEWAY_WORKER ?? '{}') as GatewayWorkerSettings;
const log = workerLog(cluster.worker?.id ?? 0, settings.logLevel ?? 'info');
// the primary went away (crash, SIGKILL): nothing may keep accepting positions it cannot publish
process.on('disconnect', () => process.exit(0));
// messages that arrive while the worker is still starting (a close, an evict) wait for its listener
const inbox: PrimaryToWorker[] = [];
let deliver: ((message: PrimaryToWorker) => void) | undefined;
process.on('message', (message: PrimaryToWorker) => (deliver ? deliver(message) : inbox.push(message)));
const started = startGatewayWorker(settings, {
  send(message: WorkerToPrimary) {
    if (!process.connected) {
      if (message.t === 'closed') process.exit(0);
      return;
    }
    if (message.t === 'closed') process.send!(message, () => process.exit(0));
    else process.send!(message);
  },
  onMessage(listener) {
    deliver = listener;
    for (const message of inbox.splice(0)) listener(message);
  },
}, log);
// Ctrl-C and a service manager's SIGTERM reach every process of the group: drain like on the
// primary's close (queued positions commit and are acknowledged) instead of dying mid-batch
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void started.then((worker) => worker.close()));
}
started.catch((err: unknown) => {
  log.error({ err }, 'gateway worker failed to start');
  process.exit(1);
});
