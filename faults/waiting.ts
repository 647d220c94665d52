export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Checks every 50 ms until `check` holds; past `timeoutMs` fails, naming what it waited for. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string | (() => string)): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await sleep(50);
  }
}
