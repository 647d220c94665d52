import type { Migration } from 'kysely';
import type { ApiArea } from '../api/route-registry';
import type { Closable, DemoSeedContext, ModuleContext, ServerModule } from './server-module';

/** A module whatever its services (the list holds modules of different kinds). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyServerModule = ServerModule<any>;

/** The server's own migrations and the modules', by name; a name used twice is refused. */
export function withModuleMigrations(own: Readonly<Record<string, Migration>>, modules: readonly AnyServerModule[]): Record<string, Migration> {
  const all: Record<string, Migration> = { ...own };
  for (const m of modules) {
    for (const [name, migration] of Object.entries(m.migrations ?? {})) {
      if (name in all) throw new Error(`migration "${name}" of module ${m.name} is already defined`);
      all[name] = migration;
    }
  }
  return all;
}

/** Every module's API areas, in the order of the list. */
export function moduleAreas(modules: readonly AnyServerModule[]): ApiArea[] {
  return modules.flatMap((m) => [...(m.routes ?? [])]);
}

/** Runs the modules' demo seeds in the order of the list. */
export async function seedModuleDemos(modules: readonly AnyServerModule[], ctx: DemoSeedContext): Promise<void> {
  for (const m of modules) await m.seedDemo?.(ctx);
}

export interface StartedModules extends Closable {
  /** Each module's services by module name (route deps carry it). */
  services: Map<string, unknown>;
  close(): Promise<void>;
}

/** Builds each module's services, then starts its jobs; close() stops the jobs in reverse order. */
export function startModules(modules: readonly AnyServerModule[], ctx: ModuleContext): StartedModules {
  const names = new Set<string>();
  const services = new Map<string, unknown>();
  const started: { module: string; job: string; handle: Closable }[] = [];
  const close = async () => {
    for (const { module, job, handle } of started.splice(0).reverse()) {
      try {
        await handle.close();
      } catch (err) {
        ctx.log.error({ err, module, job }, 'module job did not close');
      }
    }
  };
  try {
    for (const m of modules) {
      if (names.has(m.name)) throw new Error(`module ${m.name} is listed twice`);
      names.add(m.name);
      const own = m.services?.(ctx);
      services.set(m.name, own);
      for (const job of m.jobs ?? []) started.push({ module: m.name, job: job.name, handle: job.start(ctx, own) });
    }
  } catch (err) {
    void close();
    throw err;
  }
  return { services, close };
}
