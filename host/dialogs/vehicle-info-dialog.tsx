import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { profileText } from '../../sdk/asset-kinds';
import { assetState, assetStateLabel } from '../../sdk/asset-status';
import { infoFields, MIXED_ASSET_WORDS, vocabularyOf } from '../../sdk/asset-vocabulary';
import { formatChinaTime } from '../../sdk/china-time';
import { appliesToKind, monitorColumnText, type Contributed, type VehicleTabProps } from '../../sdk/extension-points';
import type { AssetKind } from '../../sdk/asset-kinds';
import { ContributedView, useContributions } from '../../sdk/react/contributed-view';
import { AssetMap } from '../../sdk/components/asset-map';
import { Permission } from '../../sdk/react/permission';
import { useService } from '../../sdk/react/use-service';
import { COMMAND_SEND_BUTTON_ID } from '../../sdk/services/command-api';
import { DialogService, type VehicleInfoTab } from '../../sdk/services/dialog-service';
import { GeocodeService } from '../../sdk/services/geocode-service';
import { HttpService } from '../../sdk/services/http-service';
import { LiveService, type MonitorItem, type VehicleDetail } from '../../sdk/services/live-service';
import { NavigationService } from '../../sdk/services/navigation-service';
import { playbackLinkQuery, TRACK_PLAYBACK_MENU_ID, TRACK_PLAYBACK_PATH } from '../../sdk/track';
import { VehicleFollowStore } from './vehicle-follow-store';

const useStyles = makeStyles({
  body: { minHeight: '180px', paddingTop: '12px' },
  follow: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 240px', gap: '16px' },
  map: { height: '300px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', border: `1px solid ${tokens.colorNeutralStroke2}` },
  grid: { display: 'grid', gridTemplateColumns: '72px 1fr', rowGap: '8px', columnGap: '12px', fontSize: '13px', alignContent: 'start' },
  key: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  photo: { width: '96px', height: '96px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, marginBottom: '12px' },
  expired: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    height: '300px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorPaletteDarkOrangeForeground1,
    fontSize: tokens.fontSizeBase400,
  },
});

const EXPIRED_HINT = '服务已到期，请续费';
/** An expired asset's live data is withheld by the server: say why instead of showing blanks. */
const expiredHint = (v: MonitorItem | undefined) => (v?.expired ? v.hint || EXPIRED_HINT : undefined);
const or = (x: string | number | null | undefined, unit = '') => (x === undefined || x === null || x === '' ? '-' : `${x}${unit}`);

/** The contributions to a point that apply to an asset of that kind (a terminal bound to no asset counts as a vehicle's). */
function forKind<C extends { assetKinds?: readonly AssetKind[] }>(contributions: readonly C[], kind: string | null): C[] {
  return contributions.filter((c) => appliesToKind(c, (kind ?? 'vehicle') as AssetKind));
}

/** The card's lines: where the asset is, then a line per contributed monitor column (its reading). */
function followFields(v: MonitorItem, address: string | undefined, columns: readonly Contributed<'monitorColumns'>[]): [string, string][] {
  return [
    [vocabularyOf(v.assetKind).nameLabel, v.plateNo || '-'],
    ['状态', v.expired ? '服务已到期' : v.online ? `在线 · ${assetStateLabel(assetState(v), v.assetKind)}` : '离线'],
    ['速度', or(v.speed, ' km/h')],
    ['方向', or(v.course, '°')],
    ['定位时间', formatChinaTime(v.gpsTime, 'full', '-')],
    ['经纬度', v.lon == null || v.lat == null ? '-' : `${v.lon.toFixed(6)}, ${v.lat.toFixed(6)}`],
    ['位置', v.lon == null ? '-' : (address ?? '解析中…')],
    ...columns.map((c): [string, string] => [c.title, monitorColumnText(c, v.readings)]),
  ];
}

/** What a vehicle keeps beside the common fields; other kinds show the fields of their own definition. */
function kindFields(d: VehicleDetail | undefined, kind: string | null | undefined): [string, string][] {
  if (vocabularyOf(kind).kind === 'vehicle') {
    return [['车牌颜色', or(d?.plateColor)], ['车辆类型', or(d?.vehicleType)], ['VIN', or(d?.vin)], ['司机', or(d?.driver)]];
  }
  return infoFields(kind).map((f) => [f.label, or(profileText(f, d?.profile?.[f.key]))]);
}

function detailFields(d: VehicleDetail | undefined, v: MonitorItem | undefined, terminalNo: string): [string, string][] {
  const kind = d?.assetKind ?? v?.assetKind;
  const words = vocabularyOf(kind);
  const rows: [string, string][] = [
    [words.nameLabel, or(d?.plateNo ?? v?.plateNo)],
    ...kindFields(d, kind),
    [words.groupLabel, or(d?.groupName ?? v?.groupName)],
    ['终端号', or(d?.terminalNo ?? terminalNo)],
    ['终端型号', or(d?.terminalModel)],
    ['SIM 卡号', or(d?.sim)],
    ['协议版本', or(d?.edition)],
    ['安装日期', or(d?.installDate)],
    ['到期日期', v?.expired && d?.expiryDate ? `${d.expiryDate}（已到期）` : or(d?.expiryDate)],
    ['里程', or(v?.mileage, ' km')],
    ['在线', v ? (v.expired ? expiredHint(v)! : v.online ? '是' : '否') : '-'],
  ];
  // a person's own 部门 field stands for the group of the same name
  return rows.filter(([label], i) => rows.findIndex(([l]) => l === label) === i);
}

function Fields(props: { rows: [string, string][] }) {
  const s = useStyles();
  return (
    <div className={s.grid}>
      {props.rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <span className={s.key}>{k}</span>
          <span>{v}</span>
        </div>
      ))}
    </div>
  );
}

const VehicleInfoBody = observer(function VehicleInfoBody(props: { terminalNo: string; tab: 'follow' | 'detail' }) {
  const s = useStyles();
  const http = useService(HttpService);
  const live = useService(LiveService);
  const geocode = useService(GeocodeService);
  const [store] = useState(() => new VehicleFollowStore(props.terminalNo, { http, live, geocode }));
  const columns = useContributions('monitorColumns');
  useEffect(() => store.start(), [store]);
  useEffect(() => {
    if (props.tab === 'detail') void store.loadDetail();
  }, [store, props.tab]);

  const position = store.position;
  if (props.tab === 'detail') {
    if (!store.detail && !store.detailError) return <Spinner size="tiny" label="加载中…" />;
    return (
      <>
        {store.detailError && <div className={s.error}>{store.detailError}</div>}
        {typeof store.detail?.profile?.photo === 'string' && <img className={s.photo} src={store.detail.profile.photo} alt="照片" />}
        <Fields rows={detailFields(store.detail, position, props.terminalNo)} />
      </>
    );
  }
  if (!position && store.loading) return <Spinner size="tiny" label="加载中…" />;
  if (!position) return store.error ? <div className={s.error}>{store.error}</div> : <div>暂无该终端的定位数据</div>;
  const hint = expiredHint(position);
  return (
    <div className={s.follow}>
      {hint ? (
        <div className={s.expired} role="status">
          {hint}
        </div>
      ) : (
        <div className={s.map}>
          <AssetMap items={[position]} selected={props.terminalNo} follow trail={store.trail} legend={false} />
        </div>
      )}
      <Fields rows={followFields(position, store.address, forKind(columns, position.assetKind))} />
    </div>
  );
});

/**
 * 车辆信息, 人员信息, 宠物信息, 电动车信息 (the kind's own words): tab 跟踪 follows the asset live
 * with its trail, tab 详情 its own fields, photo and terminal. Until the asset's kind is known the
 * title says 资产信息.
 */
const VehicleInfoDialog = observer(function VehicleInfoDialog() {
  const s = useStyles();
  const dialogs = useService(DialogService);
  const nav = useService(NavigationService);
  const live = useService(LiveService);
  const contributedTabs = useContributions('vehicleTabs');
  const info = dialogs.vehicleInfo;
  if (!info) return null;
  const kind = live.positions.get(info.terminalNo)?.assetKind;
  // a contributed tab shows once the asset's kind is known, for the kinds it applies to
  const tabs = kind === undefined ? [] : forKind(contributedTabs, kind);
  const contributed = tabs.find((t) => `${t.systemId}.${t.id}` === info.tab);
  const title = kind === undefined ? `${MIXED_ASSET_WORDS.noun}信息` : vocabularyOf(kind).infoTitle;
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && dialogs.closeVehInfo()}>
      <DialogSurface style={{ maxWidth: 820 }}>
        <DialogBody>
          <DialogTitle>
            {title} {info.plateNo ?? info.terminalNo}
          </DialogTitle>
          <DialogContent>
            <TabList selectedValue={info.tab} onTabSelect={(_, d) => dialogs.setVehInfoTab(d.value as VehicleInfoTab)}>
              <Tab value="follow">跟踪</Tab>
              <Tab value="detail">详情</Tab>
              {tabs.map((t) => (
                <Tab key={`${t.systemId}.${t.id}`} value={`${t.systemId}.${t.id}`}>
                  {t.title}
                </Tab>
              ))}
            </TabList>
            <div className={s.body}>
              {contributed ? (
                <ContributedView key={`${info.terminalNo}/${info.tab}`} contribution={contributed} props={{ terminalNo: info.terminalNo } satisfies VehicleTabProps} />
              ) : (
                <VehicleInfoBody key={info.terminalNo} terminalNo={info.terminalNo} tab={info.tab === 'detail' ? 'detail' : 'follow'} />
              )}
            </div>
          </DialogContent>
          <DialogActions>
            <Permission menu={TRACK_PLAYBACK_MENU_ID}>
              <Button onClick={() => nav.openTab(TRACK_PLAYBACK_PATH, playbackLinkQuery(info.terminalNo))}>轨迹回放</Button>
            </Permission>
            <Permission button={COMMAND_SEND_BUTTON_ID}>
              <Button
                onClick={() => {
                  dialogs.closeVehInfo();
                  dialogs.showInstructions({ terminalNos: [info.terminalNo], title: `下发指令 ${info.plateNo ?? info.terminalNo}` });
                }}
              >
                下发指令
              </Button>
            </Permission>
            <Button onClick={() => dialogs.closeVehInfo()}>关闭</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
export default VehicleInfoDialog;
