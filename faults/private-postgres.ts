import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../server/testing/free-ports';

const PG_ROOT = '/usr/lib/postgresql';

function binDir(): string {
  const versions = readdirSync(PG_ROOT).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error(`no PostgreSQL under ${PG_ROOT}`);
  return join(PG_ROOT, versions[0]!, 'bin');
}

/** Runs a PostgreSQL binary as the postgres user when we are root (initdb and postgres refuse root). */
function run(bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(binDir(), bin), ...args]] : [join(binDir(), bin), args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
}

/**
 * A PostgreSQL server of the test's own (initdb in a temporary folder, a free port, trust auth), so
 * a fault test can restart or kill it without touching the machine's shared server.
 */
export class PrivatePostgres {
  private constructor(readonly dir: string, readonly port: number) {}

  /** Connection URL of the `postgres` database. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async start(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'tianlu-pg-'));
    chmodSync(dir, 0o777);
    const data = join(dir, 'data');
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    const pg = new PrivatePostgres(dir, await freePort());
    pg.up();
    return pg;
  }

  /** Starts the server and waits until it accepts connections. */
  up(): void {
    run('pg_ctl', ['-D', join(this.dir, 'data'), '-w', '-l', join(this.dir, 'log'), '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  }

  /** Stops the server the hard way (as a crash or a power cut would: no checkpoint, clients cut off). */
  crash(): void {
    run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', 'stop']);
  }

  /** Stops the server and removes its files. */
  destroy(): void {
    try {
      run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', 'stop']);
    } catch {
      /* already down */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
