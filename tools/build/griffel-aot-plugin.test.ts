import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { resolveStyleRulesForSlots } from '@griffel/core';
import { tokens } from '@fluentui/react-components';
import { griffelAotPlugin } from './griffel-aot-plugin';

/** Inside the repository (ignored by git), so the fixture finds Fluent UI in node_modules as the console does. */
const fixturesDir = fileURLToPath(new URL('../../.test-fixtures', import.meta.url));

const GAP = '12px';
/** What the fixture's makeStyles holds, as the runtime would see it. */
const STYLES = {
  root: { display: 'flex', gap: GAP, color: tokens.colorNeutralForeground2, ':hover': { color: tokens.colorBrandForeground1 } },
  title: { fontWeight: 600, paddingLeft: '8px' },
};

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><html><body><script type="module" src="./main.tsx"></script></body></html>',
  'main.tsx': "import { Card } from './card';\nimport { Plain } from './plain';\nexport const parts = [Card, Plain];",
  'sizes.ts': `export const GAP = '${GAP}';`,
  'card.tsx': [
    "import { makeResetStyles, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';",
    "import { GAP } from './sizes';",
    'const useStyles = makeStyles({',
    "  root: { display: 'flex', gap: GAP, color: tokens.colorNeutralForeground2, ':hover': { color: tokens.colorBrandForeground1 } },",
    "  title: { fontWeight: 600, paddingLeft: '8px' },",
    '});',
    "const useBase = makeResetStyles({ boxSizing: 'border-box', lineHeight: '20px' });",
    'export function Card(props: { title: string }) {',
    '  const s = useStyles();',
    '  return <div className={mergeClasses(useBase(), s.root)}><span className={s.title}>{props.title}</span></div>;',
    '}',
  ].join('\n'),
  'plain.tsx': 'export function Plain() { return <p>没有样式</p>; }',
};

let dir: string;
let code: string;

beforeAll(async () => {
  await mkdir(fixturesDir, { recursive: true });
  dir = await mkdtemp(join(fixturesDir, 'griffel-aot-'));
  for (const [file, text] of Object.entries(FILES)) await writeFile(join(dir, file), text);
  const out = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [griffelAotPlugin()],
    // the fixture's own code only: Fluent and React stay imports
    build: { write: false, minify: false, rolldownOptions: { external: [/^@fluentui\//, /^react(\/|$)/] } },
  })) as Rolldown.RolldownOutput;
  code = out.output.flatMap((o) => (o.type === 'chunk' ? [o.code] : [])).join('\n');
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('styles resolved at build time', () => {
  it('leaves no makeStyles or makeResetStyles call for the page to compute', () => {
    expect(code).not.toMatch(/\bmakeStyles\(\{/);
    expect(code).not.toMatch(/\bmakeResetStyles\(\{/);
  });

  it('holds the class names the runtime would compute, and their CSS rules, tokens and imported values included', () => {
    const [classes, rules] = resolveStyleRulesForSlots(STYLES, '');
    for (const slot of Object.values(classes)) {
      for (const name of Object.values(slot)) if (typeof name === 'string') expect(code).toContain(name);
    }
    const css = Object.values(rules).flat().map((r) => (Array.isArray(r) ? r[0] : r)) as string[];
    expect(css.length).toBeGreaterThan(4);
    for (const rule of css) expect(code).toContain(rule);
    expect(code).toContain('gap:12px');
    expect(code).toContain('var(--colorNeutralForeground2)');
    expect(code).toContain('box-sizing:border-box');
  });
});
