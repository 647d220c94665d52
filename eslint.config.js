// Flat config: typescript-eslint recommended plus the layer boundaries of DESIGN.md §1.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import tianlu from './tools/lint/layer-boundaries.js';

export default tseslint.config(
  // examples/cold-chain is a project of its own, linted, typed and tested by its own package.json
  { ignores: ['dist/**', 'sdk/dist/**', 'sdk/pack/**', 'examples/*/dist/**', 'examples/cold-chain/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-results/**', 'bench/out/**', '.e2e-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { tianlu },
    rules: {
      'tianlu/layer-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // vitest fixtures must destructure their first parameter, even when they need nothing from it
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    // spec §5: every text input shows its maximum-length counter, which the SDK's Input and Textarea draw
    files: ['{host,plugins,sdk,core}/**/*.{ts,tsx}'],
    ignores: ['sdk/components/text-input.tsx', 'sdk/components/textarea-view.tsx', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{
          name: '@fluentui/react-components',
          importNames: ['Input', 'Textarea'],
          message: "Use Input / Textarea from '@tianlu/sdk' (they show the maximum-length counter of spec §5).",
        }],
      }],
    },
  },
  {
    // plain JS here is Node tooling (this file, tools/)
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
  },
);
