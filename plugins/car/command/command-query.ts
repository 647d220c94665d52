import { CommandApi, prefetchPagedQuery, type CommandListFilter, type ServiceGetter } from '@tianlu/sdk';

/** The filter as typed: '' means any. */
export interface CommandFilter {
  terminalNo: string;
  /** '' any, '0'…'4' a status. */
  status: string;
  batchId: string;
}

export const NO_FILTER: CommandFilter = { terminalNo: '', status: '', batchId: '' };
export const PAGE_SIZE = 20;

/** The filter as the list and the export take it: trimmed, '' fields left out. */
export function filterQuery(f: CommandFilter): CommandListFilter {
  return {
    ...(f.terminalNo.trim() && { terminalNo: f.terminalNo.trim() }),
    ...(f.status !== '' && { status: Number(f.status) }),
    ...(f.batchId.trim() && { batchId: f.batchId.trim() }),
  };
}

/** The filter a page opened at `search` starts with: a link's `?terminalNo=` or `?batchId=`. */
export function openingFilter(search: string): CommandFilter {
  const q = new URLSearchParams(search);
  return { ...NO_FILTER, terminalNo: q.get('terminalNo') ?? '', batchId: q.get('batchId') ?? '' };
}

/** The list of 指令记录 for its first filter (the page's usePagedQuery options). */
export const commandList = (initialFilter: CommandFilter) => ({ list: CommandApi.list, initialFilter, pageSize: PAGE_SIZE, query: filterQuery });

/**
 * For 指令记录's route: page 1 of the commands, asked beside the page's code; of a link's filter
 * when the address already is the page's (a visit by URL), else of no filter (a visit from the menu).
 */
export function prefetchCommands(get: ServiceGetter, location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  prefetchPagedQuery(get, commandList(location.pathname === '/car/command' ? openingFilter(location.search) : NO_FILTER));
}
