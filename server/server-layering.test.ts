/**
 * The server's layering, read from its import graph:
 * - test-only code (helpers, fixtures, fakes) lives in `testing/` folders and production code never imports it;
 * - below the HTTP layer nothing imports server/api (the arrows run from the API down, never back up);
 * - the server's modules import each other without cycles (type-only imports, erased at build, aside);
 * - a sub-application's server half (plugins/<name>/server/) reaches server/ only through the module contract.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Files outside server/api that may import it, and why. Each must still import it: a stale entry
 * fails the test, so the list cannot outgrow the code.
 */
const API_IMPORT_EXCEPTIONS: Record<string, string> = {
  'server/app.ts': 'the composition root: it builds the Fastify app out of the API layer',
  'server/dev.ts': 'the development server: it sends the API paths to the app and the rest to Vite',
  'server/live/live-channel.ts': 'the /ws live channel is a transport beside HTTP: it pushes monitor items as the monitor API builds them',
  'server/live/live-grants.ts': 'what a /ws socket may receive follows the permissions of the HTTP routes that answer the same data',
  'server/module/index.ts': "the module contract: a module's server half declares routes with the API's own helpers and answers",
  'server/module/server-module.ts': 'a module declares API areas and reads its services from the route deps',
  'server/module/module-host.ts': "the modules' API areas join the route registry",
};

interface ImportEdge {
  to: string;
  /** erased at build: `import type`, `export type … from`, or every name imported as a type */
  typeOnly: boolean;
  /** `import('…')` at run time */
  dynamic: boolean;
}

function listFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) listFiles(rel, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const isFile = (rel: string) => {
  try {
    return statSync(path.join(ROOT, rel)).isFile();
  } catch {
    return false;
  }
};

/** The repository file an import names, or undefined for a package or a path outside the server's sources. */
function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else if (specifier.startsWith('server/')) base = specifier; // tsconfig baseUrl
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, '.ts'), `${base}/index.ts`];
  return candidates.find(isFile);
}

function importsOf(file: string): ImportEdge[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: ts.Expression | undefined, typeOnly: boolean, dynamic = false) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const to = resolveImport(file, specifier.text);
    if (to) edges.push({ to, typeOnly, dynamic });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allTypes = !!clause && !clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, !!clause && (clause.isTypeOnly || allTypes));
    } else if (ts.isExportDeclaration(node)) {
      const names = node.exportClause;
      const allTypes = !!names && ts.isNamedExports(names) && names.elements.length > 0 && names.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, node.isTypeOnly || allTypes);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isTestOnly = (file: string) => isTest(file) || /(^|\/)(testing|testdata)\//.test(file);
const isApi = (file: string) => file.startsWith('server/api/');

/** The server halves of the sub-applications: plugins/<name>/server/. */
const moduleFiles = listFiles('plugins').filter((file) => /^plugins\/[^/]+\/server\//.test(file));
const serverFiles = [...listFiles('server'), ...moduleFiles];
/** Server files and who imports them, including the tooling around the server (benchmarks, browser and fault tests, build tools). */
const graph = new Map<string, ImportEdge[]>(
  [...serverFiles, ...['bench', 'e2e', 'faults', 'tools'].flatMap((dir) => listFiles(dir))].map((file) => [file, importsOf(file)]),
);
const production = serverFiles.filter((file) => !isTestOnly(file));

/** `from -> to` for every import of `from` that `keep` accepts. */
function arrows(files: readonly string[], keep: (file: string, edge: ImportEdge) => boolean): string[] {
  return files.flatMap((file) => (graph.get(file) ?? []).filter((edge) => keep(file, edge)).map((edge) => `${file} -> ${edge.to}`));
}

/** Import cycles among `files` over the edges `keep` accepts (Tarjan's strongly connected components). */
function cycles(files: readonly string[], keep: (edge: ImportEdge) => boolean): string[][] {
  const inSet = new Set(files);
  const next = (file: string) => (graph.get(file) ?? []).filter((e) => keep(e) && inSet.has(e.to)).map((e) => e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || next(v).includes(v)) found.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return found;
}

describe('server layering', () => {
  it('reads the import graph it checks', () => {
    // the scanner sees static, type-only and re-exported imports, or the checks below would pass on nothing
    expect(graph.get('server/app.ts')).toContainEqual({ to: 'server/api/all-routes.ts', typeOnly: false, dynamic: false });
    expect(graph.get('server/app.ts')).toContainEqual({ to: 'server/api/app-deps.ts', typeOnly: true, dynamic: false });
    expect(graph.get('server/sim/index.ts')).toContainEqual({ to: 'server/sim/fleet-simulator.ts', typeOnly: false, dynamic: false });
  });

  it('keeps test-only code out of production: no production file imports a test, a testing/ or a testdata/ file', () => {
    expect(arrows(production, (_, edge) => isTestOnly(edge.to))).toEqual([]);
  });

  it('keeps test helpers in testing/ folders: no file outside them is imported by tests alone', () => {
    const importers = new Map<string, string[]>();
    for (const [file, edges] of graph) for (const edge of edges) importers.set(edge.to, [...(importers.get(edge.to) ?? []), file]);
    const testsOnly = production.filter((file) => {
      const by = importers.get(file) ?? [];
      return by.length > 0 && by.every(isTestOnly);
    });
    expect(testsOnly).toEqual([]);
  });

  it('imports server/api from below only where the exceptions list says why', () => {
    const upward = arrows(production, (file, edge) => !isApi(file) && isApi(edge.to) && !(file in API_IMPORT_EXCEPTIONS));
    expect(upward).toEqual([]);
    const stale = Object.keys(API_IMPORT_EXCEPTIONS).filter((file) => !(graph.get(file) ?? []).some((edge) => isApi(edge.to)));
    expect(stale).toEqual([]);
  });

  it("lets a sub-application's server half import only the module contract from server/", () => {
    expect(moduleFiles).toContain('plugins/elec-lease/server/elec-lease-module.ts');
    const contract = (file: string, to: string) => to === 'server/module/index.ts' || (isTest(file) && to === 'server/module/testing/index.ts');
    expect(arrows(moduleFiles, (file, edge) => edge.to.startsWith('server/') && !contract(file, edge.to))).toEqual([]);
  });

  it('has no import cycle among the server modules at run time', () => {
    expect(cycles(production, (edge) => !edge.typeOnly && !edge.dynamic)).toEqual([]);
  });
});
