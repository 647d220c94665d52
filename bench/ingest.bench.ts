/**
 * JT/T 808 ingest (see ingest-run.ts for what is measured and the references beside it).
 *
 *   npx tsx bench/ingest.bench.ts                       (PGlite)
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test npx tsx bench/ingest.bench.ts
 *   env: BENCH_TERMINALS=5000  BENCH_RATE=<offered reports/s; default 1.1 × goal>
 *        BENCH_WARMUP_S=8  BENCH_MEASURE_S=20  BENCH_REF_S=6  BENCH_BATCH_DELAY_MS=<batcher maxDelayMs override>
 */
import { runIngestBench } from './ingest-run';

runIngestBench('jt808').catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
