import { Badge, Button, makeStyles, mergeClasses, MessageBar, MessageBarBody, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { ChevronDoubleLeftRegular, ChevronDoubleRightRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ASSET_STATE_COLORS } from '../../asset-status';
import { ASSET_VOCABULARY } from '../../asset-vocabulary';
import { formatChinaTime } from '../../china-time';
import { appliesToKind, MONITOR_COLUMN_WIDTH, monitorColumnText, type Contributed } from '../../extension-points';
import { useContributions } from '../../react/contributed-view';
import { Permission } from '../../react/permission';
import { useService } from '../../react/use-service';
import { COMMAND_SEND_BUTTON_ID } from '../../services/command-api';
import { DialogService } from '../../services/dialog-service';
import { GeocodeService } from '../../services/geocode-service';
import { HttpService } from '../../services/http-service';
import { LiveService, type LiveStatus, type MonitorItem } from '../../services/live-service';
import { MessageBus } from '../../services/message-bus';
import { NavigationService } from '../../services/navigation-service';
import { StorageKeys, StorageService } from '../../services/storage-service';
import { playbackLinkQuery, TRACK_PLAYBACK_MENU_ID, TRACK_PLAYBACK_PATH } from '../../track';
import { AssetMap } from '../asset-map';
import { AssetTree } from '../asset-tree';
import PersonStatusChips from '../person-status/person-status-chips-view';
import type { AssetTreeGrouping } from '../asset-tree/asset-tree-model';
import { DataTable, type DataTableColumn } from '../data-table';
import { MonitorStore, type MonitorAssetKind } from './asset-monitor-store';
import { assetStatusView, EXPIRED_COLOR, EXPIRED_HINT } from './asset-monitor-format';

/** What a monitor calls the assets it shows. */
export interface AssetMonitorWords {
  /** Title of the list, e.g. 车辆列表. */
  list: string;
  /** Heading of the name column, e.g. 车牌号. */
  name: string;
  /** Counter word, e.g. 辆. */
  unit: string;
  /** The assets in a sentence, e.g. 车辆. */
  noun: string;
}

/** A monitor's words, from its kind's vocabulary: 车辆列表, 车牌号, 辆, 车辆 … */
function monitorWords(kind: MonitorAssetKind): AssetMonitorWords {
  const v = ASSET_VOCABULARY[kind];
  return { list: `${v.noun}列表`, name: v.nameLabel, unit: v.unit, noun: v.noun };
}

/** Props of {@link AssetMonitorView}. */
export interface AssetMonitorProps {
  /** The kind of asset shown. Default vehicle. */
  assetKind?: MonitorAssetKind;
  /** Selects this asset (terminalNo) on the map and in the table whenever it changes, e.g. from a card beside the monitor. */
  selected?: string;
  /** A card about the selected asset (e.g. a person's photo and last readings), shown over the map's top right corner. */
  detail?: (terminalNo: string) => ReactNode;
  /** What the tree groups the assets by: vehicle groups (default) or, for people, their 部门 (未填写部门 for none). */
  groupBy?: AssetTreeGrouping;
  /**
   * A second view of the assets in the side column, as a tab beside the group tree and shown first
   * (e.g. 宠物守护's pet cards with their 寻宠 actions), so the map keeps its width.
   */
  panel?: { title: string; content: ReactNode };
  /** The page's own controls at the end of the map's toolbar (e.g. 电动车卫士's 电池曲线). */
  toolbar?: ReactNode;
}

const TABLE_HEIGHT = 184;
/** The side column open, and folded to its button. */
const SIDE_WIDTH = 272;
const SIDE_FOLDED_WIDTH = 40;
const ROW_HEIGHT = 30;
/** Kept clear at the map's bottom: the legend (22 px up, one line) and the attribution under it. */
const LEGEND_SPACE = 56;
/** A toolbar of one line and the gap under it. */
const TOOLBAR_SPACE = 48;

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: `${SIDE_WIDTH}px minmax(0, 1fr)`,
    gridTemplateRows: `minmax(0, 1fr) ${TABLE_HEIGHT + ROW_HEIGHT + 2}px`,
    gap: '12px',
    height: '100%',
    minHeight: '560px',
  },
  side: {
    gridRow: '1 / span 2',
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    padding: '12px',
    gap: '8px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
  },
  rootFolded: { gridTemplateColumns: `${SIDE_FOLDED_WIDTH}px minmax(0, 1fr)` },
  sideFolded: { padding: '8px 4px', alignItems: 'center' },
  title: { display: 'flex', alignItems: 'center', gap: '4px', minHeight: '32px' },
  heading: { flex: 1, minWidth: 0 },
  tabs: { flex: 1, minWidth: 0, marginLeft: '-10px' },
  body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  gone: { display: 'none' },
  map: { position: 'relative', minHeight: 0, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', boxShadow: tokens.shadow2 },
  // what lies over the map, in one flow so nothing covers anything else: right of the zoom buttons,
  // above the legend; the card beside the toolbar when the map is wide enough, else under it
  over: {
    position: 'absolute',
    top: '10px',
    left: '56px',
    right: '10px',
    bottom: `${LEGEND_SPACE}px`,
    zIndex: 800,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    alignContent: 'flex-start',
    gap: '8px',
    pointerEvents: 'none',
  },
  overlay: {
    pointerEvents: 'auto',
    maxWidth: '100%',
    boxSizing: 'border-box',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '0 8px',
    alignItems: 'center',
    padding: '4px 10px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'rgba(255,255,255,0.94)',
    boxShadow: tokens.shadow4,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'nowrap',
  },
  state: { display: 'inline-flex', alignItems: 'center', gap: '6px' },
  // the map's note (offline basemap shown), in the flow under or beside the toolbar
  note: {
    pointerEvents: 'auto',
    maxWidth: '100%',
    boxSizing: 'border-box',
    padding: '4px 10px',
    borderRadius: tokens.borderRadiusMedium,
    border: '1px solid #f0c36d',
    backgroundColor: 'rgba(255,248,225,0.96)',
    color: '#5f4b00',
    fontSize: tokens.fontSizeBase200,
    boxShadow: tokens.shadow4,
  },
  dot: { width: '8px', height: '8px', borderRadius: '50%' },
  aside: { pointerEvents: 'auto', marginLeft: 'auto', maxWidth: '100%' },
  error: { width: '360px' },
  // at most the space left under a toolbar of one line, scrolled beyond
  detail: { width: '280px', maxHeight: `calc(100% - ${TOOLBAR_SPACE}px)`, overflowY: 'auto' },
});

const LIVE_LABEL: Record<LiveStatus, { text: string; color: 'success' | 'warning' | 'subtle' }> = {
  live: { text: '实时', color: 'success' },
  connecting: { text: '连接中', color: 'warning' },
  offline: { text: '未连接', color: 'subtle' },
};

/** Battery, and how a position was found when it is approximate. */
function fixText(r: MonitorItem): string {
  if (r.fix === 'lbs') return `基站定位 ±${Math.round(r.accuracy ?? 0)} m`;
  if (r.fix === 'wifi') return `WiFi 定位 ±${Math.round(r.accuracy ?? 0)} m`;
  if (r.fix === 'last') return r.accuracy === undefined ? '最后已知位置' : `最后已知位置 ±${Math.round(r.accuracy)} m`;
  return r.lon === null ? '—' : 'GPS';
}

/** 78%, with the battery's voltage for an e-bike (78%（50.4V）) and 充电中 while charging. */
function batteryText(r: MonitorItem): string {
  if (r.battery === undefined) return '—';
  const volts = r.externalVoltage === undefined ? '' : `（${r.externalVoltage.toFixed(1)}V）`;
  return `${Math.round(r.battery)}%${volts}${r.charging ? ' 充电中' : ''}`;
}

/** An e-bike guard's state: 已设防 / 未设防, and 已断电 when its relay cut the power. */
function guardText(r: MonitorItem): string {
  const armed = r.armed === undefined ? '—' : r.armed ? '已设防' : '未设防';
  return r.powerCut ? `${armed} · 已断电` : armed;
}

/** The table's 状态 column already says 在线/离线 and moving or not: the chips add the rest. */
const PERSON_TABLE_CHIPS = ['sos', 'lowBattery', 'lbs', 'wifi'] as const;

/** The columns other sub-applications contribute (monitorColumns): one reading of the live position each. */
function contributedColumns(contributions: readonly Contributed<'monitorColumns'>[]): DataTableColumn<MonitorItem>[] {
  return contributions.map((c) => ({
    key: `${c.systemId}.${c.id}`,
    title: c.title,
    width: c.width ?? MONITOR_COLUMN_WIDTH,
    align: 'right',
    render: (r: MonitorItem) => <span data-col={`${c.systemId}.${c.id}`}>{monitorColumnText(c, r.readings)}</span>,
  }));
}

function columns(store: MonitorStore, words: AssetMonitorWords, contributed: readonly Contributed<'monitorColumns'>[]): DataTableColumn<MonitorItem>[] {
  const vehicle = store.assetKind === 'vehicle';
  const ebike = store.assetKind === 'ebike';
  const person = store.assetKind === 'person';
  return [
    { key: 'plate', title: words.name, width: 120, render: (r) => r.plateNo || r.terminalNo },
    { key: 'terminal', title: '终端号', width: 130, render: (r) => r.terminalNo },
    {
      key: 'state',
      title: '状态',
      width: 80,
      render: (r) => {
        const st = assetStatusView(r);
        return (
          <span style={{ color: st.color, fontWeight: 600 }} data-state={st.state} title={st.title}>
            {st.label}
          </span>
        );
      },
    },
    ...(person ? [{ key: 'chips', title: '标识', width: 190, render: (r: MonitorItem) => <span data-col="chips"><PersonStatusChips item={r} only={PERSON_TABLE_CHIPS} /></span> }] : []),
    { key: 'speed', title: '速度', width: 90, align: 'right', render: (r) => (r.speed === null ? '—' : `${Math.round(r.speed)} km/h`) },
    vehicle
      ? { key: 'acc', title: 'ACC', width: 60, render: (r) => (r.expired ? '—' : (r.acc ?? (r.statusFlags & 1) === 1) ? '开' : '关') }
      : { key: 'battery', title: '电量', width: ebike ? 110 : 60, render: (r) => batteryText(r) },
    ...(ebike ? [{ key: 'guard', title: '防盗', width: 110, render: (r: MonitorItem) => <span data-col="guard">{guardText(r)}</span> }] : []),
    ...(vehicle ? [] : [{ key: 'fix', title: '定位', width: 130, render: (r: MonitorItem) => <span data-col="fix">{fixText(r)}</span> }]),
    ...contributedColumns(contributed),
    { key: 'time', title: '最后上报', width: 150, render: (r) => <span data-col="time">{formatChinaTime(r.gpsTime, 'short', '-')}</span> },
    { key: 'address', title: '地址', render: (r) => (r.expired ? r.hint || EXPIRED_HINT : (store.addressOf(r) ?? (r.lon == null ? '-' : '解析中…'))) },
  ];
}

/**
 * A live monitor of one kind of asset: the group tree, the map and the table of the assets shown.
 * 智能车联's 实时监控 shows vehicles; 智能工牌, 宠物守护 and the e-bike sub-applications their own kinds.
 */
const AssetMonitorView = observer(function AssetMonitorView(props: AssetMonitorProps) {
  const assetKind = props.assetKind ?? 'vehicle';
  const words = monitorWords(assetKind);
  const s = useStyles();
  const http = useService(HttpService);
  const live = useService(LiveService);
  const geocode = useService(GeocodeService);
  const bus = useService(MessageBus);
  const nav = useService(NavigationService);
  const dialogs = useService(DialogService);
  const storage = useService(StorageService);
  const [folded, setFolded] = useState(() => storage.get<boolean>(StorageKeys.monitorSideFolded) === true);
  const fold = (value: boolean) => {
    setFolded(value);
    storage.set(StorageKeys.monitorSideFolded, value);
  };
  const [tab, setTab] = useState<'panel' | 'tree'>('panel');
  const [mapNote, setMapNote] = useState<string>();
  const showPanel = props.panel !== undefined && tab === 'panel';
  // the tree is asked for as the page first renders, not after the map below has been built
  const [store] = useState(() => {
    const st = new MonitorStore({ http, live, geocode, bus }, assetKind, props.groupBy);
    void st.load();
    return st;
  });
  const contributions = useContributions('monitorColumns');
  // a new manifest or grant gives a new contributions array, and the table new columns
  const cols = useMemo(
    () => columns(store, monitorWords(assetKind), contributions.filter((c) => appliesToKind(c, assetKind))),
    [store, assetKind, contributions],
  );
  useEffect(() => store.start(), [store]);
  useEffect(() => {
    if (props.selected) store.select(props.selected);
  }, [store, props.selected]);

  const shown = store.shown;
  const counts = store.shownCounts;
  const liveLabel = LIVE_LABEL[store.liveStatus];

  return (
    <div className={mergeClasses(s.root, folded && s.rootFolded)}>
      <aside className={mergeClasses(s.side, folded && s.sideFolded)} aria-label={words.list}>
        {folded && (
          <Button size="small" appearance="subtle" icon={<ChevronDoubleRightRegular />} aria-label={`展开${words.list}`} title={`展开${words.list}`} onClick={() => fold(false)} />
        )}
        <div className={mergeClasses(s.title, folded && s.gone)}>
          {props.panel ? (
            <TabList className={s.tabs} size="small" selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'panel' | 'tree')}>
              <Tab value="panel">{props.panel.title}</Tab>
              <Tab value="tree">{words.list}</Tab>
            </TabList>
          ) : (
            <Text className={s.heading} weight="semibold" size={400}>
              {words.list}
            </Text>
          )}
          <Badge appearance="tint" color={liveLabel.color} data-live={store.liveStatus}>
            {liveLabel.text}
          </Badge>
          <Button size="small" appearance="subtle" icon={<ChevronDoubleLeftRegular />} aria-label={`收起${words.list}`} title={`收起${words.list}，地图更宽`} onClick={() => fold(true)} />
        </div>
        {/* both views stay mounted while hidden: a tab or the fold keeps the tree's and the panel's state */}
        <div className={mergeClasses(s.body, (folded || showPanel) && s.gone)}>
          <AssetTree
            groups={store.treeGroups}
            groupOf={store.groupOf}
            items={store.items}
            status={store.status}
            onStatusChange={store.setStatus}
            keyword={store.keyword}
            onKeywordChange={store.setKeyword}
            hidden={store.hidden}
            onVisibilityChange={store.setVisibility}
            selected={store.selected}
            onSelect={store.select}
            searchLabel={`${words.name} / 终端号`}
            noun={words.noun}
          />
        </div>
        {props.panel && (
          <div className={mergeClasses(s.body, (folded || !showPanel) && s.gone)} role="tabpanel" aria-label={props.panel.title}>
            {props.panel.content}
          </div>
        )}
      </aside>
      <section className={s.map} aria-label="地图">
        <AssetMap items={shown} kind={assetKind} selected={store.selected} onSelect={store.select} onNote={setMapNote} />
        <div className={s.over}>
          <div className={s.overlay} data-testid="monitor-count">
            <span>
              显示 <b>{counts.shown}</b> {words.unit}
            </span>
            <span className={s.state}>
              <span className={s.dot} style={{ background: ASSET_STATE_COLORS.moving }} />在线 {counts.online}
            </span>
            <span className={s.state}>
              <span className={s.dot} style={{ background: ASSET_STATE_COLORS.offline }} />离线 {counts.offline}
            </span>
            {counts.expired > 0 && (
              <span className={s.state} title={EXPIRED_HINT}>
                <span className={s.dot} style={{ background: EXPIRED_COLOR }} />服务已到期 {counts.expired}
              </span>
            )}
            {store.selected && (
              <Permission menu={TRACK_PLAYBACK_MENU_ID}>
                <Button size="small" appearance="transparent" onClick={() => nav.openTab(TRACK_PLAYBACK_PATH, playbackLinkQuery(store.selected!))}>
                  轨迹回放
                </Button>
              </Permission>
            )}
            <Permission button={COMMAND_SEND_BUTTON_ID}>
              <Button
                size="small"
                appearance="transparent"
                disabled={shown.length === 0}
                title={`向勾选的${words.noun}下发指令`}
                onClick={() => dialogs.showInstructions({ terminalNos: shown.map((i) => i.terminalNo) })}
              >
                下发指令
              </Button>
            </Permission>
            {props.toolbar}
          </div>
          {mapNote && (
            <div className={s.note} role="status">
              {mapNote}
            </div>
          )}
          {store.error && (
            <MessageBar intent="error" className={mergeClasses(s.aside, s.error)}>
              <MessageBarBody>{store.error}</MessageBarBody>
              <Button size="small" appearance="transparent" onClick={() => void store.load()}>
                重试
              </Button>
            </MessageBar>
          )}
          {store.selected && props.detail && <div className={mergeClasses(s.aside, s.detail)}>{props.detail(store.selected)}</div>}
        </div>
      </section>
      <DataTable
        label={`${words.noun}实时状态`}
        rows={shown}
        columns={cols}
        rowKey={(r) => r.terminalNo}
        height={TABLE_HEIGHT}
        rowHeight={ROW_HEIGHT}
        selectedKey={store.selected}
        onRowClick={(r) => store.select(r.terminalNo)}
        onVisibleRowsChange={store.requestAddresses}
        empty={store.loading ? '加载中…' : `暂无${words.noun}`}
      />
    </div>
  );
});
export default AssetMonitorView;
