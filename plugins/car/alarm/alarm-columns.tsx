import { Badge, Button, Checkbox } from '@fluentui/react-components';
import { AlarmStatus, formatChinaTime, type Alarm, type DataTableColumn, type ListWords } from '@tianlu/sdk';

/** 告警中心's two lists. */
export type AlarmTab = 'realtime' | 'history';

/** What a row of 告警中心 does: its tick and its actions. */
export interface AlarmRowActions {
  selected: ReadonlySet<number>;
  toggle: (id: number, on: boolean) => void;
  /** 定位. */
  locate: (alarm: Alarm) => void;
  /** 轨迹. */
  openTrack: (alarm: Alarm) => void;
  /** 处理 (shown to users with 告警中心 rights, on unprocessed alarms). */
  process: (alarm: Alarm) => void;
}

const plate = (a: Alarm) => a.plateNo || a.terminalNo;
/** Row actions sit close together. */
const ACTION = { minWidth: 0, padding: '0 6px' };

/** The start time, with 补报 when the report carrying the alarm arrived late (the time is the report's own). */
function startCell(a: Alarm) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <span title={formatChinaTime(a.startTime)}>{formatChinaTime(a.startTime, 'short')}</span>
      {a.late && (
        <Badge appearance="tint" color="warning" size="small" data-late title="终端补报：告警发生时未能及时上报，时间为告警发生的时间">
          补报
        </Badge>
      )}
    </span>
  );
}

/** Columns of 告警中心, headed in the words of the alarms' kind (`words`, see listWords); 历史告警 adds the processing state. */
export function alarmColumns(actions: AlarmRowActions, tab: AlarmTab, canProcess: boolean, words: Pick<ListWords, 'nameLabel' | 'groupLabel'>): DataTableColumn<Alarm>[] {
  const select: DataTableColumn<Alarm> = {
    key: 'select',
    title: '',
    width: 56,
    render: (a) => (
      <Checkbox
        aria-label={`选择 ${plate(a)} ${a.alarmName}`}
        disabled={a.status !== AlarmStatus.UNPROCESSED}
        checked={actions.selected.has(a.id)}
        onChange={(_, d) => actions.toggle(a.id, !!d.checked)}
      />
    ),
  };
  const columns: DataTableColumn<Alarm>[] = [
    ...(canProcess ? [select] : []),
    { key: 'plate', title: words.nameLabel, width: 100, render: plate },
    { key: 'terminal', title: '终端号', width: 120, render: (a) => a.terminalNo },
    { key: 'type', title: '告警类型', width: 130, render: (a) => <span data-col="alarm-type">{a.alarmName}</span> },
    { key: 'start', title: '开始时间', width: 170, render: startCell },
    { key: 'end', title: '结束时间', width: 130, render: (a) => (a.endTime ? <span title={formatChinaTime(a.endTime)}>{formatChinaTime(a.endTime, 'short')}</span> : '持续中') },
    ...(tab === 'realtime'
      ? [{ key: 'speed', title: '速度', width: 80, align: 'right' as const, render: (a: Alarm) => (a.speed == null ? '—' : `${Math.round(a.speed)} km/h`) }]
      : []),
    { key: 'group', title: words.groupLabel, width: 100, render: (a) => a.groupName || '—' },
  ];
  if (tab === 'history') {
    columns.push(
      {
        key: 'status',
        title: '状态',
        width: 72,
        render: (a) =>
          a.status === AlarmStatus.PROCESSED ? (
            <Badge appearance="tint" color="success" data-status="processed">
              已处理
            </Badge>
          ) : (
            <Badge appearance="tint" color="danger" data-status="unprocessed">
              未处理
            </Badge>
          ),
      },
      { key: 'note', title: '处理意见', render: (a) => (a.processNote ? <span title={`${a.processUser ?? ''} ${formatChinaTime(a.processTime)}`}>{a.processNote}</span> : '—') },
    );
  }
  columns.push({
    key: 'actions',
    title: '操作',
    width: 150,
    render: (a) => (
      <span style={{ display: 'inline-flex', gap: 2 }}>
        <Button size="small" appearance="transparent" style={ACTION} onClick={() => actions.locate(a)}>
          定位
        </Button>
        <Button size="small" appearance="transparent" style={ACTION} onClick={() => actions.openTrack(a)}>
          轨迹
        </Button>
        {canProcess && a.status === AlarmStatus.UNPROCESSED && (
          <Button size="small" appearance="transparent" style={ACTION} onClick={() => actions.process(a)}>
            处理
          </Button>
        )}
      </span>
    ),
  });
  return columns;
}
