import type { ComponentType } from 'react';
import type { Contributed, ExtensionPoint } from '../extension-points';
import { serviceToken, type ServiceToken } from './service-token';

/**
 * The extension points as a page reads them: what the sub-applications the user may enter add to
 * it (observable: a plugin installed meanwhile appears when the manifest is read again).
 */
export interface Extensions {
  /** The contributions to a point, in the manifest's order; the same array until the manifest or the grants change. */
  list<P extends ExtensionPoint>(point: P): readonly Contributed<P>[];
  /**
   * A component a sub-application lends (its `components`), drawn in that plugin's own scope
   * (`usePlugin`, its services). Loads the plugin when needed; rejects with the reason in Chinese.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component(systemId: string, name: string): Promise<ComponentType<any>>;
}

export const Extensions: ServiceToken<Extensions> = serviceToken('tianlu.extensions');
