import { serviceToken, type ServiceToken } from './service-token';
export const DESIGN_WIDTH = 1366;
export const DESIGN_HEIGHT = 768;
export const MIN_PAGE_SCALE = 0.5;

/** min(width/1366, height/768, 1), never below 0.5. */
export function computePageScale(width: number, height: number): number {
  const s = Math.min(width / DESIGN_WIDTH, height / DESIGN_HEIGHT, 1);
  return Math.max(Number.isFinite(s) ? s : 1, MIN_PAGE_SCALE);
}

export interface PageScaleService {
  readonly scale: number;
  update(width: number, height: number): void;
}

export const PageScaleService: ServiceToken<PageScaleService> = serviceToken('tianlu.pageScale');
