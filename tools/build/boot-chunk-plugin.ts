/**
 * Puts every module the console's entry imports statically (what runs before the first page can
 * render: React, MobX, the kernel, the router, the SDK, and through the bundler's own rule that a
 * group takes its modules' imports along, the Fluent UI parts these use) into one chunk, `boot`.
 * Left to itself the bundler splits that code by which of the build's entries (the console and the
 * shared modules of plugins built elsewhere) reach each module, into more than a dozen files the
 * browser fetches over its few connections to the server before the login form can render. The
 * code downloaded is the same; the number of files drops. Lazily loaded code is untouched.
 */
import type { Plugin } from 'vite';

/** The name of the chunk (and of its file, `assets/boot-[hash].js`). */
export const BOOT_CHUNK = 'boot';

export interface BootChunk {
  plugin: Plugin;
  /** For `output.codeSplitting.groups[].test`: is `id` imported statically from the entry. */
  test: (id: string) => boolean;
}

/**
 * Fluent UI and the libraries only it uses. Its packages are reached through index modules that
 * re-export every component, and the shared `@fluentui/react-components` entry keeps them all, so
 * following their imports would put all of Fluent UI into the chunk; the bundler places the parts
 * the entry uses itself.
 */
const FLUENT = /[\\/]node_modules[\\/](@fluentui|@griffel|@floating-ui|tabster|keyborg|stylis|rtl-css-js|@swc[\\/]helpers|@emotion[\\/]hash|embla-carousel[^\\/]*)[\\/]/;

/** The modules reachable from `entry` through static imports only (the entry itself included), Fluent UI's excepted. */
export function staticClosure(entry: string, importsOf: (id: string) => readonly string[] | undefined): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id) || FLUENT.test(id)) continue;
    seen.add(id);
    for (const imported of importsOf(id) ?? []) stack.push(imported);
  }
  return seen;
}

/** `entryFile` ends the path of the console's entry module (e.g. `/host/main.tsx`). */
export function bootChunkPlugin(entryFile: string): BootChunk {
  let modules = new Set<string>();
  const plugin: Plugin = {
    name: 'tianlu-boot-chunk',
    apply: 'build',
    buildStart() {
      modules = new Set();
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => id.split('\\').join('/').endsWith(entryFile));
      if (!entry) return;
      modules = staticClosure(entry, (id) => this.getModuleInfo(id)?.importedIds);
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}
