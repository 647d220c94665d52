/**
 * Starts the real Tianlu server exactly as `npm start` does (demo profile, builds the console if
 * needed) on free ports with a fresh data directory, for the e2e scenarios and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from '../server/testing/free-ports';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');

export interface RunningServer {
  baseUrl: string;
  port: number;
  jt808Port: number;
  gt06Port: number;
  watchPort: number;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment for the server (e.g. SIM_DEVICES). */
  env?: Record<string, string>;
  /** Name used for the log file under test-results/. */
  name?: string;
  /** How long to wait for the server (including a console build). */
  readyTimeoutMs?: number;
  /** The server's script and arguments; default `npm start`'s (`server/main.ts --demo --build-if-needed`). */
  script?: string[];
}

function tail(file: string, lines = 60): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the whole group: the server and anything it spawned
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const name = options.name ?? 'server';
  const [port, jt808Port, gt06Port, watchPort] = await freePorts(4);
  const dataDir = await mkdtemp(path.join(tmpdir(), `tianlu-${name}-`));
  mkdirSync(RESULTS_DIR, { recursive: true });
  const logFile = path.join(RESULTS_DIR, `${name}.log`);
  const log = createWriteStream(logFile);

  // the machines running the scenarios reach no tile server: the offline basemap unless a scenario asks for another map
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), JT808_PORT: String(jt808Port), GT06_PORT: String(gt06Port), WATCH_PORT: String(watchPort), DATA_DIR: dataDir, SIM_DEVICES: '0', SIM_ASSETS: '0', MAP_PROVIDER: 'offline', ...options.env };
  // as `npm start` from a plain shell: the embedded store of a fresh data dir, the in-process bus,
  // and none of the test runner's environment (NODE_ENV=test would make vite build a development bundle)
  for (const key of Object.keys(env)) if (/^(VITEST|TEST$|NODE_ENV$|DATABASE_URL$|NATS_URL$)/.test(key)) delete env[key];

  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.script ?? ['server/main.ts', '--demo', '--build-if-needed'])], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  // the server lives in its own process group: take it down with us however we end
  const onExit = () => killGroup(child, 'SIGKILL');
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const onSignal = (signal: NodeJS.Signals) => {
    onExit();
    // with no other handler left, end as the signal would have ended us
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.once('exit', onExit);
  for (const s of signals) process.once(s, onSignal);

  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`exit code ${code ?? ''} signal ${signal ?? ''}`)));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', onExit);
    for (const s of signals) process.off(s, onSignal);
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
    if (child.exitCode === null && child.signalCode === null) await exited;
    clearTimeout(timer);
    log.end();
    if (!process.env.KEEP_E2E_DATA) await rm(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 10 * 60_000);
  let died: string | undefined;
  void exited.then((why) => (died = why));
  try {
    for (;;) {
      if (died) throw new Error(`the server exited before answering (${died}); log ${logFile}:\n${tail(logFile)}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer ${baseUrl}/ in time; log ${logFile}:\n${tail(logFile)}`);
      const res = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
      if (res) {
        // listening: the console must be there too (a failed build leaves an API-only server)
        const type = res.headers.get('content-type') ?? '';
        if (res.ok && type.includes('text/html')) break;
        throw new Error(`the server answers / with ${res.status} ${type}, not the console; log ${logFile}:\n${tail(logFile)}`);
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { baseUrl, port, jt808Port, gt06Port, watchPort, dataDir, logFile, stop };
}
