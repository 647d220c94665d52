import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fileURLToPath } from 'node:url';

/**
 * The scenarios that take longest (seconds, as a CI run measured them: building plugins outside the
 * repository, visiting every page), started first: the workers then end together instead of one
 * finishing a long scenario alone at the end.
 */
const LONG: Record<string, number> = {
  'create-plugin': 118,
  'page-fit': 101,
  'cold-chain': 80,
  'kind-words': 63,
  'alarm-desk': 50,
  card: 37,
  'street-map': 34,
  'dev-mode-plugin': 34,
  'external-plugin': 30,
  pet: 30,
  'elec-lease': 29,
  'data-center': 29,
  alarms: 29,
};

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (f: TestSpecification) => LONG[/([^/]+)\.e2e\.ts$/.exec(f.moduleId)?.[1] ?? ''] ?? 0;
    return [...(await super.sort(files))].sort((a, b) => weight(b) - weight(a));
  }
}

/** Browser scenarios: the real server (started once by global-setup) driven by Debian's Chromium. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // two scenarios at a time: each starts its own server on its own ports and database (the few that
    // share the global server use accounts of their own), and most of a scenario is waiting on a page.
    // A third at a time made each one slower by as much: two scenarios keep two cores busy
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
