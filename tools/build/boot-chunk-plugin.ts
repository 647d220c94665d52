/**
 * Groups the console's code by when a page needs it, into few files rather than the bundler's many:
 *
 * - `login`: the login document, what a visitor's /login runs (host/main.tsx decides): React, the
 *   Fluent UI parts and the newer login form, with no kernel, MobX or router. The page's entry
 *   imports it statically (React and the start data's reader are in it), so every page has it.
 * - `boot`: every module the console's start (host/console-main.tsx) imports statically, besides
 *   those of `login`: what runs before the console's first page can render (MobX, the kernel, the
 *   router, the SDK's services and contracts the kernel uses) and the console's own login page.
 * - `visitor`: what pages outside the logged-in shell load on demand (a toast, /checkLogin), so that
 *   a visitor's toast does not wait for the shell's code; the shell takes it along.
 * - `shell`: what every page of the logged-in console runs besides: the shell's lazily loaded layout
 *   and dialogs, and the SDK entry (`@tianlu/sdk`, what every sub-application imports) with its shared
 *   components. The server preloads it with a logged-in user's first page; /login never loads it.
 *
 * Through the bundler's own rule that a group takes its modules' imports along, each group also holds
 * the Fluent UI parts its modules use (login first: the login form's Button, Field and Input stay with
 * it). Left to itself the bundler splits that code by which of the build's entries (the console and
 * the shared modules of plugins built elsewhere) reach each module, into dozens of files the browser
 * fetches over its few connections to the server. The code downloaded is the same; the number of
 * files drops. Other lazily loaded code (the sub-applications, their pages, the map) is untouched.
 */
import type { Plugin } from 'vite';

/** The name of the login document's chunk (`assets/login-[hash].js`). */
export const LOGIN_CHUNK = 'login';
/** The name of the start chunk (and of its file, `assets/boot-[hash].js`). */
export const BOOT_CHUNK = 'boot';
/** The name of the chunk of what pages outside the shell load on demand (`assets/visitor-[hash].js`). */
export const VISITOR_CHUNK = 'visitor';
/** The name of the logged-in console's chunk (`assets/shell-[hash].js`). */
export const SHELL_CHUNK = 'shell';

export interface ChunkGroup {
  name: string;
  /** For `output.codeSplitting.groups[].test`: does `id` belong to the group. */
  test: (id: string) => boolean;
}

export interface BootChunks {
  plugin: Plugin;
  /** For `output.codeSplitting.groups`, in priority order (a module reached by both belongs to boot). */
  groups: ChunkGroup[];
}

/**
 * Fluent UI and the libraries only it uses. Its packages are reached through index modules that
 * re-export every component, and the shared `@fluentui/react-components` entry keeps them all, so
 * following their imports would put all of Fluent UI into the chunk; the bundler places the parts
 * the group's modules use themselves.
 */
const FLUENT = /[\\/]node_modules[\\/](@fluentui|@griffel|@floating-ui|tabster|keyborg|stylis|rtl-css-js|@swc[\\/]helpers|@emotion[\\/]hash|embla-carousel[^\\/]*)[\\/]/;

/** The modules reachable from `roots` through static imports only (the roots themselves included), Fluent UI's excepted. */
export function staticClosure(roots: string | readonly string[], importsOf: (id: string) => readonly string[] | undefined): Set<string> {
  const seen = new Set<string>();
  const stack = typeof roots === 'string' ? [roots] : [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id) || FLUENT.test(id)) continue;
    seen.add(id);
    for (const imported of importsOf(id) ?? []) stack.push(imported);
  }
  return seen;
}

export interface BootChunkFiles {
  /** The page's entry module (`/host/main.tsx`), which decides what to load. */
  entry: string;
  /** The module that starts the console (`/host/console-main.tsx`). */
  console: string;
  /** The module that draws a visitor's login document (`/host/login-document/login-document.tsx`). */
  loginDocument: string;
  /** The modules of the console's own login page (/login after 退出登录, the legacy hosts' page), loaded lazily by its routes. */
  login: readonly string[];
  /** What pages outside the shell load on demand (the toast host, /checkLogin's page). */
  visitor: readonly string[];
  /** What every logged-in page runs besides: the shell's lazily loaded layout and dialogs, the SDK entry (`/sdk/index.ts`). */
  shell: readonly string[];
}

/** Each file is given by the end of its path (`/host/main.tsx`). */
export function bootChunkPlugin(files: BootChunkFiles): BootChunks {
  let loginDocument = new Set<string>();
  let boot = new Set<string>();
  let visitor = new Set<string>();
  let shell = new Set<string>();
  const plugin: Plugin = {
    name: 'tianlu-boot-chunk',
    apply: 'build',
    buildStart() {
      loginDocument = new Set();
      boot = new Set();
      visitor = new Set();
      shell = new Set();
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (file: string) => ids.find((id) => id.split('\\').join('/').endsWith(file));
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds;
      const found = (files: readonly string[]) => files.map(find).filter((id): id is string => id !== undefined);
      if (!find(files.entry)) return;
      loginDocument = staticClosure(found([files.loginDocument]), importsOf);
      boot = staticClosure([...found([files.console]), ...found(files.login)], importsOf);
      visitor = staticClosure(found(files.visitor), importsOf);
      shell = staticClosure(found(files.shell), importsOf);
    },
  };
  return {
    plugin,
    groups: [
      { name: LOGIN_CHUNK, test: (id) => loginDocument.has(id) },
      { name: BOOT_CHUNK, test: (id) => boot.has(id) && !loginDocument.has(id) },
      { name: VISITOR_CHUNK, test: (id) => visitor.has(id) && !boot.has(id) && !loginDocument.has(id) },
      { name: SHELL_CHUNK, test: (id) => shell.has(id) && !boot.has(id) && !visitor.has(id) && !loginDocument.has(id) },
    ],
  };
}
