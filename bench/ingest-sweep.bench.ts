/**
 * Ingest sweep, single process vs gateway workers (see ingest-sweep-run.ts).
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test npx tsx bench/ingest-sweep.bench.ts
 *   npx tsx bench/ingest-sweep.bench.ts                 (PGlite: single process only)
 *   env: BENCH_TERMINALS=5000  BENCH_WORKERS=<cores>  BENCH_GENERATORS=<cores>  BENCH_MODES=floor,single,workers
 *        BENCH_SWEEP_STEP=5000  BENCH_SWEEP_MAX=100000  BENCH_STEP_WARMUP_S=3  BENCH_STEP_S=8  BENCH_REF_S=6
 */
import { runIngestSweep } from './ingest-sweep-run';

runIngestSweep().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
