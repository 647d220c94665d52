import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn, type ListWords, PageSection, PaginationBar, ReportBarChart } from '@tianlu/sdk';
import type { ReportType } from './report-api';
import { reportWords, withAssetWords } from './report-asset-words';
import { ReportFilterBar, type ReportFilter } from './report-filter-bar';
import { ReportSummary } from './report-summary';
import { useReportExport } from './use-report-export';
import type { ReportQuery } from './use-report-query';

/** A report answer of events (or days) of assets: a page of rows, its totals and a figure per day. */
interface EventPage<Row, Totals, Day> {
  list: Row[];
  total: number;
  totals: Totals;
  days: Day[];
}

/** Props of {@link EventReport}. */
export interface EventReportProps<F extends ReportFilter, Row extends { assetKind?: string | null }, Totals, Day extends { day: string }> {
  /** The page's title (超速报表), also the table's name and, with 查询, the filter row's. */
  title: string;
  /** The page's query (`useReportQuery`). */
  query: ReportQuery<F, EventPage<Row, Totals, Day>>;
  /** What 导出 sends to the background export: the report and its conditions. */
  reportType: ReportType;
  params: (filter: F) => Record<string, unknown>;
  /** Filters of this report beside the common ones (ACC 状态 …). */
  extraFilter?: ReactNode;
  /** The bar chart of the days: its name, unit and the figure of a day. */
  chart: { label: string; unit: string; value: (day: Day) => number };
  columns: readonly DataTableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** What the table says when the days hold nothing. */
  empty: string;
  /** The 合计 line, in the words of the rows' kind. */
  totals: (totals: Totals, words: ListWords) => [string, ReactNode][];
}

/**
 * A report of events in a day range (超速, 行程, 停车, 油耗 …): the filter row with 导出, the figure of
 * each day as bars, the rows (named in the words of their kind), the 合计 line and the pages.
 */
export function EventReport<F extends ReportFilter, Row extends { assetKind?: string | null }, Totals, Day extends { day: string }>(
  props: EventReportProps<F, Row, Totals, Day>,
) {
  const { exporting, exportReport } = useReportExport();
  const q = props.query;
  const rows = q.rows;
  const words = reportWords(rows);
  return (
    <PageSection
      title={props.title}
      error={q.error}
      filters={
        <ReportFilterBar
          words={words}
          label={`${props.title}查询`}
          value={q.draft}
          onChange={(f) => q.setDraft({ ...q.draft, ...f })}
          onSearch={q.search}
          exporting={exporting}
          extra={props.extraFilter}
          onExport={() => void exportReport(props.reportType, props.params(q.filter))}
        />
      }
    >
      <ReportBarChart label={props.chart.label} unit={props.chart.unit} bars={(q.page?.days ?? []).map((d) => ({ label: d.day.slice(5), value: props.chart.value(d) }))} height={140} />
      <DataTable label={props.title} rows={rows} columns={withAssetWords(props.columns, rows)} rowKey={props.rowKey} height={380} rowHeight={34} empty={q.loading ? '加载中…' : props.empty} />
      {q.page && <ReportSummary label="合计" items={props.totals(q.page.totals, words)} />}
      <PaginationBar pagination={q.pagination} onChange={q.load} disabled={q.loading} />
    </PageSection>
  );
}
