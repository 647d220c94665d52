/**
 * Building a plugin as its author does, outside the repository: the packed SDK, `npm install` of it in
 * the plugin's folder, the plugin's own tests and build. The scenarios that install plugins built
 * elsewhere and `npm run example:install` share it.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SDK_VERSION } from '../../sdk/version';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** The environment of an author's shell: none of a test runner's or of the npm script that started this. */
export function shellEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...extra };
  for (const key of Object.keys(env)) if (/^(VITEST|TEST$|NODE_ENV$|npm_|FORCE_COLOR$)/.test(key)) delete env[key];
  return env;
}

/** Runs a command as an author would in a shell: its output, or a rejection carrying it. */
export function sh(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: shellEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

/** Packs the SDK into `folder` (not the repository's dist/, which the console's build empties): the tarball's path. */
export async function packSdk(folder: string): Promise<string> {
  await sh('npm', ['run', 'sdk:pack', '--', '--into', folder], REPO);
  return path.join(folder, `tianlu-sdk-${SDK_VERSION}.tgz`);
}

export interface OutsideBuild {
  /** The plugin's folder outside the repository (its dist/ is what PLUGINS_DIR takes). */
  folder: string;
  /** What `npm test` printed (empty when the tests were not run). */
  testOutput: string;
}

/**
 * Copies a plugin's source folder (without node_modules and dist) into a new folder outside the
 * repository, installs the packed SDK there with the plugin's devDependencies, runs its tests and
 * its type check against the package's declarations (unless `test: false`, or `typecheck: false`)
 * and builds it.
 */
export async function buildOutside(source: string, tarball: string, options: { test?: boolean; typecheck?: boolean; into?: string } = {}): Promise<OutsideBuild> {
  const outside = options.into ?? (await mkdtemp(path.join(tmpdir(), 'tianlu-plugin-')));
  const folder = path.join(outside, path.basename(source));
  await cp(source, folder, { recursive: true, filter: (from) => !/(^|[\\/])(node_modules|dist)([\\/]|$)/.test(path.relative(source, from)) });
  await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], folder);
  const testOutput = options.test === false ? '' : await sh('npm', ['test'], folder);
  if (options.test !== false && options.typecheck !== false) await sh('npm', ['run', 'typecheck'], folder);
  await sh('npm', ['run', 'build'], folder);
  return { folder, testOutput };
}
