import { Button, Field, makeStyles } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { AlarmStatusFilter, AlarmTypeFilter, allGroupsLabel, GroupFilter, Input, MIXED_ASSET_WORDS, searchLabel } from '@tianlu/sdk';
import type { AlarmListStore } from './alarm-list-store';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: '8px 12px' },
  time: { width: '200px' },
  button: { marginTop: '22px' },
});

/** The alarms are of every kind: group and name are filtered in neutral words. */
const WORDS = MIXED_ASSET_WORDS;

/** 历史告警's filter: time range, alarm types, status, group, name or terminal; 查询. */
export const AlarmHistoryFilter = observer(function AlarmHistoryFilter(props: { store: AlarmListStore }) {
  const s = useStyles();
  const { store } = props;
  const f = store.history;
  const errors = store.historyErrors;
  return (
    <div className={s.bar} role="search" aria-label="历史告警查询">
      <Field label="开始时间" validationMessage={errors.start} validationState={errors.start ? 'error' : 'none'}>
        <Input className={s.time} type="datetime-local" value={f.start} onChange={(_, d) => store.setHistory({ start: d.value })} />
      </Field>
      <Field label="结束时间" validationMessage={errors.end} validationState={errors.end ? 'error' : 'none'}>
        <Input className={s.time} type="datetime-local" value={f.end} onChange={(_, d) => store.setHistory({ end: d.value })} />
      </Field>
      <AlarmTypeFilter value={f.alarmTypes} onChange={(alarmTypes) => store.setHistory({ alarmTypes })} />
      <AlarmStatusFilter value={f.status} onChange={(status) => store.setHistory({ status })} />
      <GroupFilter label={WORDS.groupLabel} allLabel={allGroupsLabel(WORDS)} groups={store.groups} value={f.groupId} onChange={(groupId) => store.setHistory({ groupId })} />
      <Field label={searchLabel(WORDS)}>
        <Input maxLength={50} value={f.keyword} placeholder="支持模糊查询" onChange={(_, d) => store.setHistory({ keyword: d.value })} onKeyDown={(e) => e.key === 'Enter' && store.search()} />
      </Field>
      <Button className={s.button} appearance="primary" onClick={store.search}>
        查询
      </Button>
    </div>
  );
});
