/**
 * Runs autocannon in a child process, so the load's own HTTP work lands on another core instead
 * of the server's event loop (browsers are not inside the server either). Every answer is checked
 * to be a flag-1 envelope: an error envelope also comes with HTTP 200 and must not count as served.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface HttpLoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

export interface HttpLoadResult {
  requests: number;
  /** Answers per second over the run. */
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** Connection errors and timeouts. */
  errors: number;
  /** HTTP status other than 2xx. */
  non2xx: number;
  /** HTTP 2xx whose body is not a flag-1 envelope. */
  notOk: number;
}

/** Forks the child, runs one autocannon load and answers its figures. */
export function runHttpLoad(options: HttpLoadOptions): Promise<HttpLoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--child', JSON.stringify(options)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: HttpLoadResult | undefined;
    child.on('message', (m: HttpLoadResult) => (result = m));
    child.on('error', reject);
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`autocannon child exited (${code}) without a result`))));
  });
}

async function child(options: HttpLoadOptions): Promise<void> {
  const run = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    // a slow answer is a latency figure, not an error (autocannon gives up after 10 s by default)
    timeout: 60,
    verifyBody: (body) => String(body ?? '').startsWith('{"flag":1,'),
  });
  const result: HttpLoadResult = {
    requests: run.requests.total,
    rps: run.requests.total / (run.duration || options.seconds),
    latencyMs: { p50: run.latency.p50, p90: run.latency.p90, p99: run.latency.p99, max: run.latency.max, mean: run.latency.average },
    errors: run.errors + run.timeouts,
    non2xx: run.non2xx,
    notOk: run.mismatches,
  };
  process.send!(result);
}

if (process.argv[2] === '--child') {
  child(JSON.parse(process.argv[3]!) as HttpLoadOptions).catch((e: unknown) => {
    console.error(e);
    process.exit(2);
  });
}
