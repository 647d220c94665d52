import { useState } from 'react';
import { chinaDay, type Page, type PagedQuery, type PagedQueryOptions, quickTimeRange, type ReportFilterParams, usePagedQuery } from '@tianlu/sdk';
import { rangeProblem } from './date-range';
import type { ReportFilter } from './report-filter-bar';

/** The last seven days, every group, no keyword. */
export function defaultFilter<F extends ReportFilter>(extra: Omit<F, keyof ReportFilter>): F {
  const [first, last] = quickTimeRange('last7days', Date.now());
  return { start: chinaDay(first), end: chinaDay(last), groupId: '', keyword: '', ...extra } as F;
}

/** The common query parameters of a filter (empty ones left out). */
export function filterParams(f: ReportFilter): ReportFilterParams {
  return { start: f.start, end: f.end, ...(f.groupId ? { groupId: Number(f.groupId) } : {}), ...(f.keyword.trim() ? { keyword: f.keyword.trim() } : {}) };
}

/** What {@link useReportQuery} gives a page: the SDK's paged query with the filter being edited. */
export interface ReportQuery<F extends ReportFilter, P extends Page<unknown>> extends Omit<PagedQuery<F, P>, 'search'> {
  /** The filter being edited; `filter` is the one of the rows shown. */
  draft: F;
  setDraft: (next: F) => void;
  /** Queries the edited filter from page 1, unless `check` (by default the day range) finds a problem with it. */
  search: () => void;
}

/** A server-paged report ({@link usePagedQuery}) whose filter row is edited before 查询; the day range is checked by default. */
export function useReportQuery<F extends ReportFilter, Q, P extends Page<unknown>>(options: PagedQueryOptions<F, Q, undefined, P>): ReportQuery<F, P> {
  const [draft, setDraft] = useState<F>(options.initialFilter);
  const paged = usePagedQuery<F, Q, undefined, P>({ check: rangeProblem, ...options });
  return { ...paged, draft, setDraft, search: () => paged.search(draft) };
}
