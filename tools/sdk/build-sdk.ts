/**
 * Builds the SDK package in sdk/dist and checks its public surface against the API report.
 *
 *   tsx tools/sdk/build-sdk.ts           declarations, ES modules, API report (rewritten when it changed)
 *   tsx tools/sdk/build-sdk.ts --check   declarations and reports only; fails when the surface differs from
 *                                        sdk/api/tianlu-sdk.api.md or sdk/api/tianlu-sdk-server*.api.md (run
 *                                        `npm run sdk:build` and commit the reports)
 *   tsx tools/sdk/build-sdk.ts --pack [--into DIR]
 *                                        everything, then `npm pack` into sdk/pack/ (or DIR): the tarball an outside
 *                                        plugin installs (not dist/, which the console's build empties)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
const argv = process.argv.slice(2);
const args = new Set(argv);
const into = argv.includes('--into') ? argv[argv.indexOf('--into') + 1] : undefined;
const check = args.has('--check');

function run(what: string, command: string, commandArgs: string[], onFailure?: () => void): void {
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    onFailure?.();
    console.error(`SDK: ${what} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
  console.log(`SDK: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** The versions the platform builds with, for the plugins `tianlu-create-plugin` creates (sdk/dist/toolchain.json). */
function writeToolchain(): void {
  const own = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const all = { ...own.dependencies, ...own.devDependencies };
  // the database of @tianlu/sdk/server/testing, for the tests of a plugin's server part
  const tools = ['vite', 'typescript', 'vitest', 'jsdom', '@testing-library/react', '@types/react', '@types/react-dom', '@types/node', 'kysely', '@electric-sql/pglite'];
  const missing = tools.filter((t) => !all[t]);
  if (missing.length) throw new Error(`the platform's package.json has no ${missing.join(', ')}`);
  writeFileSync(`${root}sdk/dist/toolchain.json`, `${JSON.stringify(Object.fromEntries(tools.map((t) => [t, all[t]])), null, 2)}\n`);
}

const bin = (name: string) => `${root}node_modules/.bin/${name}`;

rmSync(`${root}sdk/dist`, { recursive: true, force: true });
run('declarations', bin('tsc'), ['-p', 'sdk/tsconfig.build.json']);
if (!check) run('ES modules', bin('vite'), ['build', '--config', 'sdk/vite.config.ts', '--logLevel', 'warn']);
if (!check) writeToolchain();
run('the plugin build and server part types (@tianlu/sdk/vite, @tianlu/sdk/server)', bin('tsc'), ['-p', 'sdk/tsconfig.vite.json']);
/**
 * The declarations of @tianlu/sdk/server/testing: its public files name only the SDK's server types,
 * so each is declared on its own (isolated declarations) beside the bundle; the platform code the
 * bundle compiles in never appears in them.
 */
function writeTestingDeclarations(): void {
  const out = `${root}sdk/dist/node/server/testing`;
  mkdirSync(out, { recursive: true });
  const compilerOptions: ts.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true };
  for (const file of ['index.ts', 'harness-types.ts']) {
    const source = readFileSync(`${root}sdk/server/testing/${file}`, 'utf8');
    const { outputText, diagnostics = [] } = ts.transpileDeclaration(source, { fileName: file, compilerOptions, reportDiagnostics: true });
    if (diagnostics.length) throw new Error(`sdk/server/testing/${file}: ${diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')).join('; ')}`);
    if (/^(import|export)\b.* from '(\.\.\/\.\.\/|\.\/(?!harness-types\.js'))/m.test(outputText)) throw new Error(`sdk/server/testing/${file}: its declarations may name only the SDK's server types and harness-types.js`);
    writeFileSync(`${out}/${file.replace(/\.ts$/, '.d.ts')}`, outputText);
  }
}

if (!check) run('the server part test harness (@tianlu/sdk/server/testing)', bin('vite'), ['build', '--config', 'sdk/vite.testing.config.ts', '--logLevel', 'warn']);
writeTestingDeclarations();
// how the surface differs from the committed report, so that the log shows what changed
const showChange = (report: string, temp: string) => () => spawnSync('diff', ['-u', `sdk/api/${report}`, `sdk/dist/${temp}/${report}`], { cwd: root, stdio: 'inherit' });
for (const [config, report, temp] of [
  ['sdk/api-extractor.json', 'tianlu-sdk.api.md', 'api-temp'],
  ['sdk/api-extractor.server.json', 'tianlu-sdk-server.api.md', 'api-temp-server'],
  ['sdk/api-extractor.server-testing.json', 'tianlu-sdk-server-testing.api.md', 'api-temp-server-testing'],
] as const) {
  run(`${check ? 'API report unchanged' : 'API report'}: ${report}`, bin('api-extractor'), ['run', '-c', config, ...(check ? [] : ['--local'])], check ? showChange(report, temp) : undefined);
}
if (args.has('--pack')) {
  if (argv.includes('--into') && !into) throw new Error('--into needs a folder');
  const destination = into ? resolve(into) : `${root}sdk/pack`;
  mkdirSync(destination, { recursive: true });
  run(`npm pack into ${destination}`, 'npm', ['pack', './sdk', '--pack-destination', destination]);
}
