import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the real server under test answers, e.g. http://localhost:41234. */
    baseUrl: string;
    jt808Port: number;
  }
}

/** One real server for the whole e2e run; stopped at the end, also when the run fails. */
export default async function setup(project: TestProject) {
  const server = await startServer({ name: 'e2e-server' });
  console.log(`[e2e] server at ${server.baseUrl} (data ${server.dataDir}, log ${server.logFile})`);
  project.provide('baseUrl', server.baseUrl);
  project.provide('jt808Port', server.jt808Port);
  return () => server.stop();
}
