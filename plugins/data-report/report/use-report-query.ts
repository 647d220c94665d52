import { useState } from 'react';
import { type Page, type PagedQuery, type PagedQueryOptions, usePagedQuery } from '@tianlu/sdk';
import { rangeProblem } from './date-range';
import type { ReportFilter } from './report-filter-bar';

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
