/**
 * Resolves the console's `makeStyles` and `makeResetStyles` calls at build time
 * with Griffel's own Babel preset, the way Fluent UI ships its components: the built page holds each
 * style's class names and CSS rules ready-made (`__styles(classes, rules)`), instead of computing them
 * (hashing every property, flipping for right-to-left, serialising) as each component first renders.
 * The class names are the ones the runtime would compute, so merged classes work as before. Only the
 * build uses it: the dev server keeps the runtime form (and its fast refresh).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** A module that may define styles (a quick text check before any parsing). */
const DEFINES_STYLES = /\bmake(?:Styles|ResetStyles)\b/;
const SOURCE = /\.(?:tsx?|jsx?|mts)$/;

/**
 * The @swc/helpers CommonJS file for one of its ES module files. Fluent's CommonJS build asks for
 * the helpers by a path Griffel's evaluator resolves to their ES module edition, which it cannot run
 * as it is; the package ships the same helper as CommonJS beside it.
 */
function swcHelperAsCommonJs(filename: string): [string, null] {
  return [readFileSync(filename.replace(/([/\\])esm([/\\])/, '$1cjs$2').replace(/\.js$/, '.cjs'), 'utf8'), null];
}

/** The preset's options: our TypeScript evaluated with its types stripped, packages run as they are. */
function presetOptions() {
  const { shakerEvaluator } = require('@griffel/babel-preset') as { shakerEvaluator: unknown };
  return {
    // the console takes them from Fluent, which re-exports the ready-made forms of makeStyles and
    // makeResetStyles but not that of makeStaticStyles (global rules, added once: left to the runtime)
    modules: [{ moduleSource: '@fluentui/react-components', importName: 'makeStyles', resetImportName: 'makeResetStyles', staticImportName: null }],
    babelOptions: { presets: [require.resolve('@babel/preset-typescript')] },
    evaluationRules: [
      { action: shakerEvaluator },
      { test: /[/\\]node_modules[/\\]/, action: 'ignore' },
      { test: /[/\\]node_modules[/\\]@swc[/\\]helpers[/\\]esm[/\\]/, action: swcHelperAsCommonJs },
    ],
  };
}

export function griffelAotPlugin(): Plugin {
  let options: ReturnType<typeof presetOptions> | undefined;
  return {
    name: 'tianlu:griffel-aot',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (file.includes('node_modules') || file.startsWith('\0') || !SOURCE.test(file) || !DEFINES_STYLES.test(code)) return null;
      const { transformAsync } = await import('@babel/core');
      options ??= presetOptions();
      try {
        const out = await transformAsync(code, {
          filename: file,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: ['typescript', 'jsx'] },
          presets: [[require.resolve('@griffel/babel-preset'), options]],
        });
        return out?.code ? { code: out.code, map: out.map } : null;
      } catch (e) {
        // the styles are then computed as the component renders, as in development
        this.warn(`styles of ${file} left to the runtime: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
        return null;
      }
    },
  };
}
