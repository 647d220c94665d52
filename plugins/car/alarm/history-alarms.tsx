import { useEffect, useState, type ReactNode } from 'react';
import {
  AlarmApi,
  AlarmStatusFilter,
  AlarmTypeFilter,
  allGroupsLabel,
  DateRangeFields,
  expectOk,
  GroupFilter,
  HttpService,
  KeywordField,
  MIXED_ASSET_WORDS,
  MonitorApi,
  SearchButtons,
  searchLabel,
  usePagedQuery,
  useService,
  type VehicleGroup,
} from '@tianlu/sdk';
import { AlarmList } from './alarm-list';
import { checkHistoryFilter, defaultHistoryFilter, historyQuery, type HistoryFilter } from './alarm-history-query';

/** The alarms are of every kind: group and name are filtered in neutral words. */
const WORDS = MIXED_ASSET_WORDS;

/**
 * 告警中心's 历史告警: the alarms of a time range (at most 31 days; the last 24 hours at first), of
 * some types, states, a group, a name or terminal; a range with problems is refused under its field and not sent.
 */
export function HistoryAlarms(props: { tabs: ReactNode }) {
  const http = useService(HttpService);
  const [form, setForm] = useState<HistoryFilter>(() => defaultHistoryFilter());
  const [errors, setErrors] = useState<ReturnType<typeof checkHistoryFilter>>({});
  const [groups, setGroups] = useState<VehicleGroup[]>([]);
  const list = usePagedQuery({ list: AlarmApi.history, initialFilter: form, query: historyQuery });
  useEffect(() => {
    http
      .call(MonitorApi.tree)
      .then(expectOk)
      .then((tree) => setGroups(Array.isArray(tree) ? tree : []))
      .catch(() => undefined /* the group filter stays empty */);
  }, [http]);

  const set = (patch: Partial<HistoryFilter>) => setForm((f) => ({ ...f, ...patch }));
  const search = () => {
    const problems = checkHistoryFilter(form);
    setErrors(problems);
    if (Object.keys(problems).length === 0) list.search({ ...form });
  };
  return (
    <AlarmList
      tab="history"
      tabs={props.tabs}
      list={list}
      filtersLabel="历史告警查询"
      filters={
        <>
          <DateRangeFields unit="minute" width="200px" value={form} errors={errors} onChange={({ start, end }) => set({ start, end })} />
          <AlarmTypeFilter value={form.alarmTypes} onChange={(alarmTypes) => set({ alarmTypes })} />
          <AlarmStatusFilter value={form.status} onChange={(status) => set({ status })} />
          <GroupFilter label={WORDS.groupLabel} allLabel={allGroupsLabel(WORDS)} groups={groups} value={form.groupId} onChange={(groupId) => set({ groupId })} />
          <KeywordField label={searchLabel(WORDS)} placeholder="支持模糊查询" icon={false} maxLength={50} value={form.keyword} onChange={(keyword) => set({ keyword })} onSearch={search} />
          <SearchButtons onSearch={search} />
        </>
      }
    />
  );
}
