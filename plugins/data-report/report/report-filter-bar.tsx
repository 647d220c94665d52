import { useEffect, useState, type ReactNode } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { allGroupsLabel, DateRangeFields, type DateRangeValue, expectOk, GroupFilter, HttpService, KeywordField, MIXED_ASSET_WORDS, SearchButtons, searchLabel, useService, type ListWords } from '@tianlu/sdk';
import { ReportApi, type ReportGroup } from './report-api';
import { QUICK_RANGES } from './date-range';

/** The filters every report shares. */
export interface ReportFilter extends DateRangeValue {
  /** '' = every group. */
  groupId: string;
  keyword: string;
}

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '8px 12px' },
});

/** The groups the user may see (loaded once per page). */
function useReportGroups(): ReportGroup[] {
  const http = useService(HttpService);
  const [groups, setGroups] = useState<ReportGroup[]>([]);
  useEffect(() => {
    let live = true;
    http.call(ReportApi.groups).then((res) => live && setGroups(expectOk(res)), () => undefined);
    return () => {
      live = false;
    };
  }, [http]);
  return groups;
}

/**
 * The filter row of a report: date range with quick choices (今天, 昨天, 最近7天, 本月), group,
 * name or terminal number, the report's own fields (`extra`), 查询 and 导出. Group and name are
 * labelled in `words`: the shown rows' kind's (see `reportWords`), 分组 and 名称 by default.
 */
export function ReportFilterBar(props: {
  value: ReportFilter;
  onChange: (next: ReportFilter) => void;
  onSearch: () => void;
  onExport: () => void;
  exporting?: boolean;
  extra?: ReactNode;
  label: string;
  /** The words of the group and name filters (default neutral: 分组, 名称/终端号). */
  words?: ListWords;
  /** The range as days (default), as months (里程汇总), or none (离线报表). */
  dates?: 'day' | 'month' | 'none';
}) {
  const s = useStyles();
  const groups = useReportGroups();
  const f = props.value;
  const dates = props.dates ?? 'day';
  const words = props.words ?? MIXED_ASSET_WORDS;
  const allGroups = allGroupsLabel(words);
  const set = (patch: Partial<ReportFilter>) => props.onChange({ ...f, ...patch });
  return (
    <div className={s.bar} role="search" aria-label={props.label}>
      {dates === 'day' && <DateRangeFields width="150px" value={f} onChange={(range) => set(range)} quick={QUICK_RANGES} />}
      {dates === 'month' && <DateRangeFields unit="month" width="150px" value={f} onChange={(range) => set(range)} />}
      <GroupFilter label={words.groupLabel} allLabel={allGroups} groups={groups} value={f.groupId} onChange={(groupId) => set({ groupId })} />
      <KeywordField label={searchLabel(words)} icon={false} value={f.keyword} maxLength={50} placeholder="支持模糊查询" onChange={(keyword) => set({ keyword })} onSearch={props.onSearch} />
      {props.extra}
      <SearchButtons icon onSearch={props.onSearch} />
      <Button icon={<ArrowDownloadRegular />} disabled={props.exporting} onClick={props.onExport}>
        导出
      </Button>
    </div>
  );
}
