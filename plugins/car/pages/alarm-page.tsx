import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, makeStyles, MessageBar, MessageBarBody, Tab, TabList, Text, ToggleButton, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import {
  ALARM_CENTER_MENU_ID,
  AlarmService,
  DataTable,
  HttpService,
  Input,
  listWords,
  LiveService,
  MIXED_ASSET_WORDS,
  MessageBus,
  PaginationBar,
  searchLabel,
  ToastService,
  useMenuPermission,
  useService,
  type Alarm,
} from '@tianlu/sdk';
import { alarmColumns } from '../alarm/alarm-columns';
import { AlarmHistoryFilter } from '../alarm/alarm-history-filter';
import { AlarmListStore, type AlarmTab } from '../alarm/alarm-list-store';
import { AlarmProcessDialog } from '../alarm/alarm-process-dialog';

const ROW_HEIGHT = 36;
const TABLE_HEIGHT = ROW_HEIGHT * 10;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '16px 20px',
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
  },
  counts: { display: 'flex', flexWrap: 'wrap', gap: '6px' },
  toolbar: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  grow: { flex: 1 },
});

/** 实时告警's counts per type: each a filter (全部 clears it). */
const AlarmCountBar = observer(function AlarmCountBar(props: { store: AlarmListStore }) {
  const s = useStyles();
  const { store } = props;
  return (
    <div className={s.counts} role="group" aria-label="告警类型统计" data-testid="alarm-counts">
      <ToggleButton size="small" checked={store.realtimeType === ''} onClick={() => store.setRealtimeType('')}>
        全部 {store.counts.total}
      </ToggleButton>
      {store.counts.types
        .filter((t) => t.count > 0)
        .map((t) => (
          <ToggleButton key={t.alarmType} size="small" checked={store.realtimeType === t.alarmType} onClick={() => store.setRealtimeType(t.alarmType)}>
            {t.alarmName} {t.count}
          </ToggleButton>
        ))}
    </div>
  );
});

/**
 * /car/alarm 告警中心: 实时告警 (live) and 历史告警, processing with a note, 定位 and 轨迹 per alarm.
 * It holds the alarms of every kind: its filters speak neutral words (名称/终端号, 分组), its columns
 * and handling example those of the rows shown.
 */
const AlarmPage = observer(function AlarmPage() {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const live = useService<LiveService>(LiveService);
  const alarms = useService<AlarmService>(AlarmService);
  const bus = useService<MessageBus>(MessageBus);
  const toast = useService<ToastService>(ToastService);
  const canProcess = useMenuPermission(ALARM_CENTER_MENU_ID);
  const [store] = useState(() => {
    const st = new AlarmListStore({ http, live, alarms, bus });
    const keyword = new URLSearchParams(window.location.search).get('keyword');
    if (keyword) st.setRealtimeKeyword(keyword);
    return st;
  });
  const [processing, setProcessing] = useState<number[]>();
  useEffect(() => store.start(), [store]);

  const tab = store.tab;
  const words = listWords(store.rows.map((a) => a.assetKind), MIXED_ASSET_WORDS);
  const { nameLabel, groupLabel } = words;
  const columns = useMemo(
    () => alarmColumns(store, tab, (a: Alarm) => setProcessing([a.id]), canProcess, { nameLabel, groupLabel }),
    [store, tab, canProcess, nameLabel, groupLabel],
  );
  const processedWords = processing && listWords(store.rows.filter((a) => processing.includes(a.id)).map((a) => a.assetKind));

  const submit = async (note: string) => {
    const ids = processing ?? [];
    const updated = await store.process(ids, note);
    setProcessing(undefined);
    toast.show(updated > 0 ? `已处理 ${updated} 条告警` : '所选告警已处理过', 'success');
  };

  return (
    <div className={s.root}>
      <TabList selectedValue={tab} onTabSelect={(_, d) => store.setTab(d.value as AlarmTab)}>
        <Tab value="realtime">实时告警</Tab>
        <Tab value="history">历史告警</Tab>
      </TabList>
      {tab === 'realtime' ? (
        <>
          <AlarmCountBar store={store} />
          <div className={s.toolbar}>
            <Input maxLength={50}
              aria-label={searchLabel(MIXED_ASSET_WORDS)}
              placeholder={searchLabel(MIXED_ASSET_WORDS)}
              value={store.realtimeKeyword}
              onChange={(_, d) => store.setRealtimeKeyword(d.value)}
              onKeyDown={(e) => e.key === 'Enter' && store.search()}
            />
            <Button onClick={store.search}>查询</Button>
          </div>
        </>
      ) : (
        <AlarmHistoryFilter store={store} />
      )}
      {canProcess && (
        <div className={s.toolbar}>
          <Checkbox
            label="全选本页"
            disabled={store.selectable.length === 0}
            checked={store.allSelected ? true : store.selected.size > 0 ? 'mixed' : false}
            onChange={(_, d) => store.toggleAll(!!d.checked)}
          />
          <Button appearance="primary" disabled={store.selected.size === 0} onClick={() => setProcessing([...store.selected])}>
            批量处理{store.selected.size ? `（${store.selected.size}）` : ''}
          </Button>
          <Text className={s.grow} />
        </div>
      )}
      {store.error && (
        <MessageBar intent="error">
          <MessageBarBody>{store.error}</MessageBarBody>
          <Button size="small" appearance="transparent" onClick={() => void store.load()}>
            重试
          </Button>
        </MessageBar>
      )}
      <DataTable
        label={tab === 'realtime' ? '实时告警' : '历史告警'}
        rows={store.rows}
        columns={columns}
        rowKey={(a) => String(a.id)}
        height={TABLE_HEIGHT}
        rowHeight={ROW_HEIGHT}
        empty={store.loading ? '加载中…' : '暂无告警'}
      />
      <PaginationBar pagination={store.pagination} onChange={() => void store.load()} disabled={store.loading} />
      {processing && <AlarmProcessDialog count={processing.length} example={processedWords?.handlingExample ?? words.handlingExample} onSubmit={submit} onClose={() => setProcessing(undefined)} />}
    </div>
  );
});
export default AlarmPage;
