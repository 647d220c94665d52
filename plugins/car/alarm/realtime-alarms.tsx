import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ToggleButton } from '@fluentui/react-components';
import {
  AlarmApi,
  expectOk,
  HttpService,
  KeywordField,
  LiveService,
  MIXED_ASSET_WORDS,
  SearchButtons,
  searchLabel,
  usePagedQuery,
  useService,
  type AlarmCounts,
} from '@tianlu/sdk';
import { AlarmList } from './alarm-list';
import { openingKeyword, realtimeList } from './realtime-query';

/** A burst of live alarm events reloads the list and its counts once, after this pause, ms. */
export const LIVE_RELOAD_MS = 800;

const countBar = { display: 'flex', flexWrap: 'wrap', gap: '6px' } as const;

/** 实时告警's counts per type: each a filter (全部 clears it). */
function AlarmCountBar(props: { counts: AlarmCounts; picked: string; onPick: (alarmType: string) => void }) {
  const { counts, picked, onPick } = props;
  return (
    <div style={countBar} role="group" aria-label="告警类型统计" data-testid="alarm-counts">
      <ToggleButton size="small" checked={picked === ''} onClick={() => onPick('')}>
        全部 {counts.total}
      </ToggleButton>
      {counts.types
        .filter((t) => t.count > 0)
        .map((t) => (
          <ToggleButton key={t.alarmType} size="small" checked={picked === t.alarmType} onClick={() => onPick(t.alarmType)}>
            {t.alarmName} {t.count}
          </ToggleButton>
        ))}
    </div>
  );
}

/**
 * 告警中心's 实时告警: the unprocessed alarms of the last 24 h with their counts per type, both read again
 * when the live channel reports alarms; opened with `?keyword=` (the alarm tip's 查看) it searches for it.
 */
export function RealtimeAlarms(props: { tabs: ReactNode }) {
  const http = useService(HttpService);
  const live = useService(LiveService);
  const [keyword, setKeyword] = useState(() => openingKeyword(window.location.search));
  const [counts, setCounts] = useState<AlarmCounts>({ total: 0, types: [] });
  const list = usePagedQuery(realtimeList(keyword));
  const latest = useRef(list);
  latest.current = list;

  const loadCounts = useCallback(async () => {
    try {
      const answer = expectOk(await http.call(AlarmApi.realtimeCount));
      setCounts({ total: answer.total ?? 0, types: answer.types ?? [] });
    } catch {
      /* the list shows the error */
    }
  }, [http]);
  useEffect(() => void loadCounts(), [loadCounts]);
  useEffect(() => {
    let reload: ReturnType<typeof setTimeout> | undefined;
    const sub = live.on('alarm', () => {
      clearTimeout(reload);
      reload = setTimeout(() => {
        void loadCounts();
        void latest.current.load();
      }, LIVE_RELOAD_MS);
    });
    return () => {
      sub.dispose();
      clearTimeout(reload);
    };
  }, [live, loadCounts]);

  const search = (alarmType = list.filter.alarmType) => list.search({ alarmType, keyword });
  const label = searchLabel(MIXED_ASSET_WORDS);
  return (
    <AlarmList
      tab="realtime"
      tabs={props.tabs}
      list={list}
      onProcessed={loadCounts}
      above={<AlarmCountBar counts={counts} picked={list.filter.alarmType} onPick={search} />}
      filters={
        <>
          <KeywordField label={label} placeholder={label} icon={false} maxLength={50} value={keyword} onChange={setKeyword} onSearch={() => search()} />
          <SearchButtons onSearch={() => search()} />
        </>
      }
    />
  );
}
