import type { FluentIcon } from '@fluentui/react-icons';
import type { FluentIconName } from '../fluent-icon-name';
import { serviceToken, type ServiceToken } from './service-token';

/**
 * Loads, on first use, a Fluent UI icon the console does not ship in its first load. `NamedIcon`
 * draws through it; a plugin has no need to call it.
 */
export interface IconLoader {
  /** The icon `name` stands for, or undefined when it names none. */
  load(name: FluentIconName): Promise<FluentIcon | undefined>;
}

/** The IconLoader's token; the kernel binds it. */
export const IconLoader: ServiceToken<IconLoader> = serviceToken('tianlu.iconLoader');
