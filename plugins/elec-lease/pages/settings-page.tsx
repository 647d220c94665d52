import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Field, makeStyles, SpinButton, Switch, Text } from '@fluentui/react-components';
import {
  ElecLeaseApi,
  DataTable,
  type DataTableColumn,
  expectOk,
  HttpService,
  Input,
  type LeaseSettings,
  PageSection,
  Permission,
  ToastService,
  useService,
} from '@tianlu/sdk';
import { errorText, LeaseButtons, bikesQuery, type LeaseBike } from '../lease/lease-api';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'flex-end', gap: '16px', flexWrap: 'wrap' },
});

/**
 * 租赁设置 (menu 2305): automatic 断电 of an e-bike whose contract is N days overdue (off by
 * default; the renter gets a text), and the 维修中 mark of the e-bikes.
 */
export default function SettingsPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const [settings, setSettings] = useState<LeaseSettings>();
  const [bikes, setBikes] = useState<LeaseBike[]>([]);
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState<string>();

  const load = useCallback(async () => {
    setError(undefined);
    try {
      setSettings(expectOk(await http.call(ElecLeaseApi.settings)));
      setBikes(expectOk(await http.call(ElecLeaseApi.bikes, bikesQuery(keyword))));
    } catch (e) {
      setError(errorText(e));
    }
  }, [http, keyword]);
  useEffect(() => void load(), [load]);

  const save = async () => {
    if (!settings) return;
    try {
      setSettings(expectOk(await http.call(ElecLeaseApi.saveSettings, settings)));
      toast.show('租赁设置已保存', 'success');
    } catch (e) {
      toast.show(errorText(e), 'error');
    }
  };
  const repair = async (bike: LeaseBike, inRepair: boolean) => {
    try {
      expectOk(await http.call(ElecLeaseApi.repair, { vehicleIds: [bike.id], inRepair }));
      toast.show(`${bike.plateNo} ${inRepair ? '已标记维修中' : '维修完成'}`, 'success');
      void load();
    } catch (e) {
      toast.show(errorText(e), 'error');
    }
  };

  const columns: DataTableColumn<LeaseBike>[] = [
    { key: 'plate', title: '电动车', width: 140, render: (b) => b.plateNo },
    {
      key: 'state', title: '状态', width: 100,
      render: (b) => (b.rented ? <Badge color="success" appearance="tint">在租</Badge> : b.inRepair ? <Badge color="warning" appearance="tint">维修中</Badge> : <Badge appearance="tint" color="informative">空闲</Badge>),
    },
    {
      key: 'ops', title: '操作', width: 120,
      render: (b) => (
        <Permission button={LeaseButtons.repair}>
          {b.inRepair ? (
            <Button size="small" appearance="transparent" onClick={() => void repair(b, false)}>维修完成</Button>
          ) : (
            <Button size="small" appearance="transparent" disabled={b.rented} onClick={() => void repair(b, true)}>标记维修中</Button>
          )}
        </Permission>
      ),
    },
  ];

  return (
    <PageSection title="租赁设置" error={error}>
      {settings && (
        <div className={s.row}>
          <Switch label="逾期自动断电" checked={settings.autoCut} onChange={(_, d) => setSettings({ ...settings, autoCut: d.checked })} />
          <Field label="逾期天数">
            <SpinButton min={1} max={90} value={settings.autoCutDays} onChange={(_, d) => setSettings({ ...settings, autoCutDays: d.value ?? Number(d.displayValue) })} />
          </Field>
          <Permission button={LeaseButtons.saveSettings}>
            <Button appearance="primary" onClick={() => void save()}>保存</Button>
          </Permission>
        </div>
      )}
      <Text size={200}>开启后，合同逾期满设定天数仍未还车的电动车将自动下发断电指令（骑行中不执行，稍后重试），记入操作日志，并短信提醒租户。</Text>
      <Field label="查找电动车">
        <Input value={keyword} placeholder="车牌号" onChange={(_, d) => setKeyword(d.value.trim())} />
      </Field>
      <DataTable label="电动车状态" rows={bikes} columns={columns} rowKey={(b) => String(b.id)} height={320} empty="没有电动车" />
    </PageSection>
  );
}
