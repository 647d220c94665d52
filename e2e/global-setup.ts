import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { packSdk } from '../tools/plugins/outside-build';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the real server under test answers, e.g. http://localhost:41234. */
    baseUrl: string;
    jt808Port: number;
    /** The SDK packed once for the run (`tianlu-sdk-<version>.tgz`), which the plugins built outside the repository install. */
    sdkTarball: string;
  }
}

/**
 * One real server for the whole e2e run, and the SDK packed once beside it (into a folder of its own:
 * the repository's dist/ is the console's build); both go at the end, also when the run fails.
 */
export default async function setup(project: TestProject) {
  const packs = await mkdtemp(path.join(tmpdir(), 'tianlu-e2e-sdk-'));
  const [server, tarball] = await Promise.all([startServer({ name: 'e2e-server' }), packSdk(packs)]);
  console.log(`[e2e] server at ${server.baseUrl} (data ${server.dataDir}, log ${server.logFile}); SDK packed as ${tarball}`);
  project.provide('baseUrl', server.baseUrl);
  project.provide('jt808Port', server.jt808Port);
  project.provide('sdkTarball', tarball);
  return async () => {
    await server.stop();
    await rm(packs, { recursive: true, force: true });
  };
}
