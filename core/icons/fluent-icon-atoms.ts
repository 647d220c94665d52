/**
 * Every icon of @fluentui/react-icons, each its own small chunk loaded on first use. This module is
 * itself loaded only when a name outside the bundled set is drawn: its table of the package's
 * per-icon modules never reaches the console's first load.
 */
import type { FluentIcon } from '@fluentui/react-icons';
import { findFluentIcon, type FluentIconModules } from '../../sdk/fluent-icon-lookup';

const ATOMS = import.meta.glob<Readonly<Record<string, FluentIcon | undefined>>>('./*.js', { base: '../../node_modules/@fluentui/react-icons/lib/atoms/svg' });

const modules: FluentIconModules<FluentIcon> = {
  has: (module) => Object.hasOwn(ATOMS, `./${module}.js`),
  load: (module) => ATOMS[`./${module}.js`]!(),
};

/** The Fluent icon a (non-bundled) name stands for, or undefined when it names none. */
export async function loadFluentIcon(name: string): Promise<FluentIcon | undefined> {
  return (await findFluentIcon(name, modules))?.icon;
}
