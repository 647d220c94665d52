/** What a step of a teardown closes: anything with close() or stop(), or a plain function. */
export type TeardownStep = () => Promise<void> | void;

/**
 * The things a start has opened, closed in the reverse order they were opened: one list for the
 * normal stop and for a start that fails half way. A step that throws does not keep the later
 * ones from closing; the first error is thrown once all have run.
 */
export class Teardown {
  private readonly steps: { name: string; close: TeardownStep }[] = [];

  constructor(private readonly onError: (err: unknown, name: string) => void) {}

  /** Registers `close` to run before everything registered earlier. */
  add(name: string, close: TeardownStep): void {
    this.steps.push({ name, close });
  }

  /** Runs every step, last registered first; the list is empty afterwards. */
  async close(): Promise<void> {
    let first: unknown;
    let failed = false;
    for (const { name, close } of this.steps.splice(0).reverse()) {
      try {
        await close();
      } catch (err) {
        this.onError(err, name);
        if (!failed) first = err;
        failed = true;
      }
    }
    if (failed) throw first;
  }
}
