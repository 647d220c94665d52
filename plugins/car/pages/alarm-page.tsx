import { useEffect, useRef, useState } from 'react';
import { Tab, TabList } from '@fluentui/react-components';
import { LiveService, useService } from '@tianlu/sdk';
import type { AlarmTab } from '../alarm/alarm-columns';
import { HistoryAlarms } from '../alarm/history-alarms';
import { RealtimeAlarms } from '../alarm/realtime-alarms';

/**
 * /car/alarm 告警中心: 实时告警 (live) and 历史告警, processing with a note, 定位 and 轨迹 per alarm.
 * It holds the alarms of every kind: its filters speak neutral words (名称/终端号, 分组), its columns
 * and handling example those of the rows shown.
 */
export default function AlarmPage() {
  const live = useService(LiveService);
  const [tab, setTab] = useState<AlarmTab>('realtime');
  const page = useRef<HTMLDivElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    live.connect();
    return () => live.disconnect();
  }, [live]);
  // each tab is a list of its own: the tab picked keeps the focus it had when the new list comes in
  useEffect(() => {
    if (switched.current) page.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [tab]);

  const tabs = (
    <TabList
      selectedValue={tab}
      onTabSelect={(_, d) => {
        switched.current = true;
        setTab(d.value as AlarmTab);
      }}
    >
      <Tab value="realtime">实时告警</Tab>
      <Tab value="history">历史告警</Tab>
    </TabList>
  );
  return <div ref={page}>{tab === 'realtime' ? <RealtimeAlarms tabs={tabs} /> : <HistoryAlarms tabs={tabs} />}</div>;
}
