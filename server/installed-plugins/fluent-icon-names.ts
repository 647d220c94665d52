import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { bundledIconName, findFluentIcon } from '../../sdk/fluent-icon-lookup';

/** Whether an icon name (FluentIconName) draws an icon in the console. */
export interface IconNameCheck {
  has(name: string): Promise<boolean>;
}

/** The per-icon modules of the installed @fluentui/react-icons: the files the console's icon chunks are built from. */
export function fluentIconModulesDir(): string {
  const entry = createRequire(import.meta.url).resolve('@fluentui/react-icons'); // <package>/lib-cjs/index.cjs
  return join(dirname(dirname(entry)), 'lib', 'atoms', 'svg');
}

/**
 * The icon names the console draws, read from the installed package rather than kept by hand: its
 * directory of per-icon modules once, and a module's export names the first time a name needs them
 * (the console looks a name up the same way, sdk/fluent-icon-lookup.ts). When the package cannot be
 * read, no name is reported.
 */
export class FluentIconNames implements IconNameCheck {
  private modules: Promise<ReadonlySet<string> | undefined> | undefined;
  private readonly exports = new Map<string, Promise<Readonly<Record<string, true>>>>();

  constructor(private readonly dir: () => string = fluentIconModulesDir) {}

  async has(name: string): Promise<boolean> {
    if (bundledIconName(name)) return true;
    const modules = await (this.modules ??= this.readModules());
    if (!modules) return true;
    return (await findFluentIcon(name, { has: (m) => modules.has(m), load: (m) => this.exportsOf(m) })) !== undefined;
  }

  private async readModules(): Promise<ReadonlySet<string> | undefined> {
    try {
      const files = await readdir(this.dir());
      return new Set(files.filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -'.js'.length)));
    } catch {
      return undefined;
    }
  }

  private exportsOf(module: string): Promise<Readonly<Record<string, true>>> {
    let names = this.exports.get(module);
    if (!names) {
      names = readFile(join(this.dir(), `${module}.js`), 'utf8').then((text) => Object.fromEntries([...text.matchAll(/export const (\w+)/g)].map((m) => [m[1]!, true as const])));
      this.exports.set(module, names);
    }
    return names;
  }
}

let shared: FluentIconNames | undefined;

/** One reader of the package for the server's life. */
export function fluentIconNames(): FluentIconNames {
  return (shared ??= new FluentIconNames());
}
