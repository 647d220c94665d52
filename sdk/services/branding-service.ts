import { serviceToken, type ServiceToken } from './service-token';
export interface BrandingInfo {
  iconUrl: string;
  description: string;
  keyword: string;
  title: string;
}

/** 'ok' applied; 'missing' flag 5001; 'failed' the call failed. Both of the latter send the user to /reload. */
export type BrandingLoadResult = 'ok' | 'missing' | 'failed';

export interface BrandingService {
  readonly info: BrandingInfo | undefined;
  /** Asks queryCustomInfo for `host` and applies icon, description, keywords and title to the document. */
  load(host: string): Promise<BrandingLoadResult>;
}

export const BrandingService: ServiceToken<BrandingService> = serviceToken('tianlu.branding');
