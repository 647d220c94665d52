/**
 * `@tianlu/sdk/server/testing`: runs a plugin's server part in its own tests as the platform runs an
 * installed one: the platform's checks of the definition, its migrations in an in-memory PostgreSQL
 * (PGlite; `@electric-sql/pglite` and `kysely` are optional peer dependencies of the SDK), its routes
 * answered with the platform's envelopes and Chinese refusals, positions fed with its decoded readings,
 * and the alarms, exports, settings, assets and clock the platform lends it, recorded for the test.
 */
import { createPartHarness as create } from './part-harness.js';
import type { PartHarness, PartHarnessOptions } from './harness-types.js';

export type * from './harness-types.js';

/**
 * Loads a server part as the platform loads an installed one and answers a harness to test it with:
 * the definition and `manifest` checked with the platform's own rules (what the platform refuses, this
 * refuses, with the same Chinese reasons), its migrations run in `plugin_<systemId>` of an in-memory
 * PostgreSQL, its services built and its jobs started. `await harness.close()` after the test.
 *
 * ```ts
 * import { createPartHarness } from '@tianlu/sdk/server/testing';
 * import part from './index';
 * import manifest from '../../manifest.json';
 *
 * const harness = await createPartHarness(part, { manifest });
 * const res = await harness.call('POST', '/plugins/cold-chain/api/notes', { body: { text: '检查冷机' } });
 * expect(res.flag).toBe(1);
 * ```
 */
export function createPartHarness<S = unknown>(part: unknown, options: PartHarnessOptions): Promise<PartHarness<S>> {
  return create<S>(part, options);
}
