import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A sequencer that starts the files known to take longest first (seconds, as a CI run measured
 * them, by the end of their path), the others after them in vitest's own order. A fresh clone has
 * no record of earlier runs, so vitest would order by file size and could leave a long file to run
 * alone at the end while the other workers sit idle.
 */
export function longestFirst(seconds: Readonly<Record<string, number>>): typeof BaseSequencer {
  const entries = Object.entries(seconds);
  const weight = (f: TestSpecification) => entries.find(([end]) => f.moduleId.endsWith(`/${end}`))?.[1] ?? 0;
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      return [...(await super.sort(files))].sort((a, b) => weight(b) - weight(a));
    }
  };
}
