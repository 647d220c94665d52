import { useCallback, useEffect, useMemo, useState } from 'react';
import { chinaDay, Pagination, type ReportFilterParams } from '@tianlu/sdk';
import { errorText } from './report-api';
import { addDays, rangeProblem } from './date-range';
import type { ReportFilter } from './report-filter-bar';

/** The last seven days, every group, no keyword. */
export function defaultFilter<F extends ReportFilter>(extra: Omit<F, keyof ReportFilter>): F {
  const today = chinaDay();
  return { start: addDays(today, -6), end: today, groupId: '', keyword: '', ...extra } as F;
}

/** The common query parameters of a filter (empty ones left out). */
export function filterParams(f: ReportFilter): ReportFilterParams {
  return { start: f.start, end: f.end, ...(f.groupId ? { groupId: Number(f.groupId) } : {}), ...(f.keyword.trim() ? { keyword: f.keyword.trim() } : {}) };
}

/** What {@link useReportQuery} gives a page. */
export type ReportQuery<F extends ReportFilter, R extends { total: number }> = ReturnType<typeof useReportQuery<F, R>>;

/**
 * A server-paged report: the filter being edited (`draft`) and the one queried, the pagination,
 * the last answer and the error. `search()` checks the filter (`check`, by default the day range),
 * goes back to page 1 and queries.
 */
export function useReportQuery<F extends ReportFilter, R extends { total: number }>(
  initial: F,
  fetch: (filter: F, page: { current: number; pageSize: number }) => Promise<R>,
  check: (filter: F) => string | undefined = rangeProblem,
) {
  const pagination = useMemo(() => new Pagination(), []);
  const [draft, setDraft] = useState<F>(initial);
  const [filter, setFilter] = useState<F>(initial);
  const [data, setData] = useState<R>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);

  const load = useCallback(async () => {
    setLoading(true);
    setError(undefined);
    try {
      const answer = await fetch(filter, pagination.query);
      pagination.setTotal(answer.total);
      setData(answer);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setLoading(false);
    }
    // `fetch` is a new function each render: the query depends only on the filter, the page and a new 查询
  }, [filter, pagination, round]);
  useEffect(() => void load(), [load]);

  const search = () => {
    const problem = check(draft);
    if (problem) {
      setError(problem);
      return;
    }
    pagination.setCurrent(1);
    setFilter({ ...draft });
    setRound((n) => n + 1);
  };
  return { pagination, draft, setDraft, filter, data, error, loading, search, reload: () => void load() };
}
