import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { until } from './waiting';

export { freePort } from '../server/testing/free-ports';

/**
 * The server as an OS process of its own (`node --import tsx server/main.ts --demo`), for fault
 * tests that must see it die for real: a kill -9, or an unhandled error that ends the process.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Only what the server needs from this process's environment: CI's DATABASE_URL or NATS_URL must not leak in. */
export function serverEnv(own: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR']) if (process.env[name]) env[name] = process.env[name]!;
  return {
    ...env, HOST: '127.0.0.1', GT06_PORT: '0', WATCH_PORT: '0', SIM_DEVICES: '0', SIM_ASSETS: '0',
    // the demo provisions no JT/T 808 terminals without its simulator: ours register themselves
    AUTO_REGISTER: '1', LOG_LEVEL: 'warn', ...own,
  };
}

export class ServerProcess {
  private output = '';
  private stderr = '';
  private readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcess) {
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.stderr!.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-8000)));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Starts the server and resolves once it listens (its startup line is printed after listen). */
  static async start(env: Record<string, string>): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--demo'], {
      cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child);
    let exited = false;
    void server.exited.then(() => (exited = true));
    await until(() => exited || server.output.includes('已启动'), 90_000, 'the server to start').catch((err: Error) => {
      child.kill('SIGKILL');
      throw new Error(`${err.message}\n${server.output}`);
    });
    if (exited) throw new Error(`the server exited while starting:\n${server.output}`);
    return server;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** The end of what the server printed, for failure messages. */
  get log(): string {
    return this.output.slice(-4000);
  }

  /** The end of the server's stderr: where an uncaught error that ended it is printed (its log goes to stdout). */
  get errors(): string {
    return this.stderr.slice(-4000);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL, sent synchronously: the caller picks the exact moment. */
  killNow(): void {
    if (this.running) process.kill(this.pid, 'SIGKILL');
  }

  async kill(): Promise<void> {
    this.killNow();
    await this.exited;
  }

  /** SIGTERM: the server closes the way an operator stops it; resolves with its exit code. */
  async stop(): Promise<number | null> {
    if (this.running) this.child.kill('SIGTERM');
    return this.exited;
  }
}
