import type { FluentIcon } from '@fluentui/react-icons';
import type { IconLoader } from '../../sdk/services/icon-loader';

/** Loads icons through the lazily loaded table of the package's per-icon modules (fluent-icon-atoms.ts). */
export class IconLoaderImpl implements IconLoader {
  async load(name: string): Promise<FluentIcon | undefined> {
    const { loadFluentIcon } = await import('./fluent-icon-atoms');
    return loadFluentIcon(name);
  }
}
