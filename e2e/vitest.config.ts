import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { longestFirst } from '../tools/test/longest-first.ts';

/**
 * The scenarios that take longest (seconds, as a CI run measured them: building plugins outside the
 * repository, visiting every page), started first: the workers then end together instead of one
 * finishing a long scenario alone at the end.
 */
const LONGEST_FIRST = longestFirst({
  'create-plugin.e2e.ts': 118,
  'page-fit.e2e.ts': 101,
  'cold-chain.e2e.ts': 80,
  'kind-words.e2e.ts': 63,
  'alarm-desk.e2e.ts': 50,
  'card.e2e.ts': 37,
  'street-map.e2e.ts': 34,
  'dev-mode-plugin.e2e.ts': 34,
  'external-plugin.e2e.ts': 30,
  'pet.e2e.ts': 30,
  'elec-lease.e2e.ts': 29,
  'data-center.e2e.ts': 29,
  'alarms.e2e.ts': 29,
});

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
    sequence: { sequencer: LONGEST_FIRST },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
