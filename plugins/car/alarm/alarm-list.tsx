import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Checkbox } from '@fluentui/react-components';
import {
  ALARM_CENTER_MENU_ID,
  AlarmService,
  AlarmStatus,
  listWords,
  MessageBus,
  MIXED_ASSET_WORDS,
  PageSection,
  PagedTable,
  ToastService,
  useMenuPermission,
  useService,
  type Alarm,
  type Page,
  type PagedQuery,
} from '@tianlu/sdk';
import { alarmColumns, type AlarmTab } from './alarm-columns';
import { AlarmProcessDialog } from './alarm-process-dialog';
import { trackWindow } from './alarm-time';

const ROW_HEIGHT = 36;
const TABLE_HEIGHT = ROW_HEIGHT * 10;
const toolbar = { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' } as const;

/** Props of {@link AlarmList}. */
export interface AlarmListProps<F> {
  tab: AlarmTab;
  /** The tab bar, beside the title. */
  tabs: ReactNode;
  /** The tab's filter row, and its name when it is a search (历史告警查询). */
  filters: ReactNode;
  filtersLabel?: string;
  /** Shown above the list (实时告警's counts). */
  above?: ReactNode;
  list: PagedQuery<F, Page<Alarm>>;
  /** After alarms were processed, with the list's reload (e.g. the counts). */
  onProcessed?: () => Promise<void>;
}

/**
 * A list of 告警中心 in its page section: the alarms of the page, ticking the unprocessed ones and
 * processing them with a note (users with 告警中心 rights), 定位 and 轨迹 per alarm. Its columns and
 * handling example speak the words of the rows shown.
 */
export function AlarmList<F>(props: AlarmListProps<F>) {
  const { tab, list } = props;
  const { rows } = list;
  const alarms = useService(AlarmService);
  const bus = useService(MessageBus);
  const toast = useService(ToastService);
  const canProcess = useMenuPermission(ALARM_CENTER_MENU_ID);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [processing, setProcessing] = useState<number[]>();
  // a tick lasts as long as its alarm is on the page
  useEffect(
    () =>
      setSelected((ticked) => {
        const kept = rows.filter((r) => ticked.has(r.id));
        return kept.length === ticked.size ? ticked : new Set(kept.map((r) => r.id));
      }),
    [rows],
  );

  const selectable = rows.filter((r) => r.status === AlarmStatus.UNPROCESSED);
  const allSelected = selectable.length > 0 && selectable.every((r) => selected.has(r.id));
  const words = listWords(rows.map((a) => a.assetKind), MIXED_ASSET_WORDS);
  const { nameLabel, groupLabel } = words;
  const columns = useMemo(
    () =>
      alarmColumns(
        {
          selected,
          toggle: (id, on) => setSelected((ticked) => new Set(on ? [...ticked, id] : [...ticked].filter((t) => t !== id))),
          locate: (a) => bus.emit('showVehInfo', { terminalNo: a.terminalNo, plateNo: a.plateNo ?? undefined, tab: 'follow' }),
          openTrack: (a) => bus.emit('goPage', { path: '/car/playback', query: { urlType: 'blank', terminalNo: a.terminalNo, ...trackWindow(a) }, newTab: true }),
          process: (a) => setProcessing([a.id]),
        },
        tab,
        canProcess,
        { nameLabel, groupLabel },
      ),
    [selected, bus, tab, canProcess, nameLabel, groupLabel],
  );
  const processedWords = processing && listWords(rows.filter((a) => processing.includes(a.id)).map((a) => a.assetKind));

  // rejects with the reason, shown in the dialog
  const submit = async (note: string) => {
    const ids = processing ?? [];
    const updated = await alarms.process(ids, note);
    setSelected((ticked) => new Set([...ticked].filter((id) => !ids.includes(id))));
    await Promise.all([list.load(), props.onProcessed?.()]);
    setProcessing(undefined);
    toast.show(updated > 0 ? `已处理 ${updated} 条告警` : '所选告警已处理过', 'success');
  };

  return (
    <PageSection title="告警中心" tools={props.tabs} filters={props.filters} filtersLabel={props.filtersLabel} error={list.error} onRetry={() => void list.load()}>
      {props.above}
      {canProcess && (
        <div style={toolbar}>
          <Checkbox
            label="全选本页"
            disabled={selectable.length === 0}
            checked={allSelected ? true : selected.size > 0 ? 'mixed' : false}
            onChange={(_, d) => setSelected(new Set(d.checked ? selectable.map((r) => r.id) : []))}
          />
          <Button appearance="primary" disabled={selected.size === 0} onClick={() => setProcessing([...selected])}>
            批量处理{selected.size ? `（${selected.size}）` : ''}
          </Button>
        </div>
      )}
      <PagedTable
        label={tab === 'realtime' ? '实时告警' : '历史告警'}
        list={list}
        columns={columns}
        rowKey={(a) => String(a.id)}
        height={TABLE_HEIGHT}
        rowHeight={ROW_HEIGHT}
        empty="暂无告警"
      />
      {processing && (
        <AlarmProcessDialog count={processing.length} example={processedWords?.handlingExample ?? words.handlingExample} onSubmit={submit} onClose={() => setProcessing(undefined)} />
      )}
    </PageSection>
  );
}
