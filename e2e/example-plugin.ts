import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './server';

/** `vite build` of the example with its own config, as its author would run it, into `outDir`. */
export function buildExample(outDir: string): Promise<void> {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^(VITEST|TEST$|NODE_ENV$)/.test(key)) delete env[key];
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--config', 'examples/hello-plugin/vite.config.ts', '--outDir', outDir, '--logLevel', 'warn'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build of the example plugin exited with ${code}`))));
  });
}

