import { serviceToken, type ServiceToken } from './service-token';
export type ToastIntent = 'success' | 'error' | 'warning' | 'info';

export interface ToastMessage {
  id: number;
  text: string;
  intent: ToastIntent;
}

export const TOAST_DEFAULT_MS = 3000;

/** One toast at a time: a new one replaces the previous. */
export interface ToastService {
  readonly current: ToastMessage | undefined;
  show(text: string, intent?: ToastIntent, durationMs?: number): void;
  dismiss(): void;
}

export const ToastService: ServiceToken<ToastService> = serviceToken('tianlu.toast');
