import { serviceToken, type ServiceToken } from './service-token';
export interface HistoryEntry {
  systemName: string;
  title: string;
  path: string;
}

export const HISTORY_MAX_PER_SYSTEM = 10;

/** Visited pages grouped per sub-application (history tabs). */
export interface HistoryService {
  readonly bySystem: Readonly<Record<string, HistoryEntry[]>>;
  list(systemName: string): HistoryEntry[];
  add(entry: HistoryEntry): void;
  remove(systemName: string, index: number): void;
  clear(systemName?: string): void;
}

export const HistoryService: ServiceToken<HistoryService> = serviceToken('tianlu.history');
