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
import { DialogService, useService, type VehicleInfoTab } from '@tianlu/sdk';
import { useVehiclePosition, type VehiclePosition } from './use-vehicle-position';

const useStyles = makeStyles({
  body: { minHeight: '180px', paddingTop: '12px' },
  grid: { display: 'grid', gridTemplateColumns: '96px 1fr', rowGap: '8px', columnGap: '12px', fontSize: '13px' },
  key: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

function fields(v: VehiclePosition, tab: VehicleInfoTab, address: string | undefined): [string, string][] {
  if (tab === 'follow')
    return [
      ['车牌号', v.plateNo || '-'],
      ['状态', v.online ? '在线' : '离线'],
      ['速度', `${v.speed} km/h`],
      ['定位时间', new Date(v.gpsTime).toLocaleString('zh-CN')],
      ['经纬度', `${v.lon.toFixed(6)}, ${v.lat.toFixed(6)}`],
      ['位置', address ?? '解析中…'],
    ];
  return [
    ['车牌号', v.plateNo || '-'],
    ['终端号', v.terminalNo],
    ['在线', v.online ? '是' : '否'],
    ['速度', `${v.speed} km/h`],
    ['方向', `${v.course}°`],
    ['海拔', `${v.altitude} m`],
    ['里程', `${v.mileage} km`],
    ['报警标志', String(v.alarmFlags)],
    ['状态标志', String(v.statusFlags)],
    ['定位时间', new Date(v.gpsTime).toLocaleString('zh-CN')],
  ];
}

const VehicleInfoBody = observer(function VehicleInfoBody(props: { terminalNo: string; tab: VehicleInfoTab }) {
  const s = useStyles();
  const state = useVehiclePosition(props.terminalNo);
  if (state.status === 'loading') return <Spinner size="tiny" label="加载中…" />;
  if (state.status === 'error') return <div className={s.error}>{state.message}</div>;
  if (!state.position) return <div>暂无该终端的定位数据</div>;
  return (
    <div className={s.grid}>
      {fields(state.position, props.tab, state.address).map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <span className={s.key}>{k}</span>
          <span>{v}</span>
        </div>
      ))}
    </div>
  );
});

/** 车辆信息: tab 跟踪 shows where the vehicle is, tab 详情 its fields. */
const VehicleInfoDialog = observer(function VehicleInfoDialog() {
  const s = useStyles();
  const dialogs = useService<DialogService>(DialogService);
  const info = dialogs.vehicleInfo;
  if (!info) return null;
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && dialogs.closeVehInfo()}>
      <DialogSurface style={{ maxWidth: 520 }}>
        <DialogBody>
          <DialogTitle>车辆信息 {info.plateNo ?? info.terminalNo}</DialogTitle>
          <DialogContent>
            <TabList selectedValue={info.tab} onTabSelect={(_, d) => dialogs.setVehInfoTab(d.value as VehicleInfoTab)}>
              <Tab value="follow">跟踪</Tab>
              <Tab value="detail">详情</Tab>
            </TabList>
            <div className={s.body}>
              <VehicleInfoBody terminalNo={info.terminalNo} tab={info.tab} />
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => dialogs.closeVehInfo()}>关闭</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
export default VehicleInfoDialog;
