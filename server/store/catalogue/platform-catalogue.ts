import { BUILT_IN_DECLARATIONS } from './built-in-declarations';

/** The sub-applications a role can be granted (the spec's table). The centre (platformId 0) is not one: every role has it. */
export interface PlatformEntry {
  platformId: number;
  systemId: string;
  title: string;
  path: string;
}

export const CENTRE_PLATFORM_ID = 0;
export const CENTRE_TITLE = BUILT_IN_DECLARATIONS.find((d) => d.platformId === CENTRE_PLATFORM_ID)!.title;
export const CENTRE_PATH = '/center';

/** From the plugins' declarations (plugins/<name>/<name>-declaration.ts). */
export const PLATFORM_CATALOGUE: readonly PlatformEntry[] = BUILT_IN_DECLARATIONS.filter((d) => d.platformId !== CENTRE_PLATFORM_ID).map(
  ({ platformId, systemId, title, basePath }) => ({ platformId, systemId, title, path: basePath }),
);
