/**
 * GT06 ingest at the JT/T 808 goal: 5,000 lean GT06 terminals report 0x22 into the DeviceGateway
 * (the same core, batcher and store writer as JT/T 808); the gateway's 0x22 reply after the commit
 * is the acknowledgement timed at the terminal. References as in ingest-run.ts.
 *
 *   npx tsx bench/gt06-ingest.bench.ts                       (PGlite)
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test npx tsx bench/gt06-ingest.bench.ts
 */
import { runIngestBench } from './ingest-run';

runIngestBench('gt06').catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
