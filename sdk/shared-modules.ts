/**
 * The packages a plugin leaves as bare imports: inside the console the host's import map resolves
 * each to the host's own copy, so one React, one MobX, one Fluent UI and one SDK run in the page.
 * Pure data, read by the console's build and by the plugin build (`@tianlu/sdk/vite`).
 */
export interface SharedModule {
  /** The file-name-safe name (`react-jsx-runtime`). */
  name: string;
  /** A CommonJS package: its export names are listed when re-exported (`export *` cannot see through CommonJS). */
  cjs?: boolean;
  /** It has a default export. */
  hasDefault?: boolean;
}

export const SHARED_MODULES: Readonly<Record<string, SharedModule>> = {
  react: { name: 'react', cjs: true, hasDefault: true },
  'react-dom': { name: 'react-dom', cjs: true, hasDefault: true },
  'react/jsx-runtime': { name: 'react-jsx-runtime', cjs: true },
  mobx: { name: 'mobx' },
  'mobx-react-lite': { name: 'mobx-react-lite' },
  '@fluentui/react-components': { name: 'fluent' },
  '@tianlu/sdk': { name: 'sdk' },
};
