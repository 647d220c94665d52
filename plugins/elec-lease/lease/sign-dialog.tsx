import { useEffect, useState } from 'react';
import { Field, makeStyles, Select } from '@fluentui/react-components';
import { ElecLeaseApi, chinaDay, expectOk, FormDialog, HttpService, Input, type LeaseContract, type LeaseRenter, useService } from '@tianlu/sdk';
import { type LeaseBike } from './lease-api';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px 16px' },
  wide: { gridColumn: '1 / -1' },
});

const monthLater = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** 签订合同: an e-bike free to rent, a renter, the dates, the monthly rent and the deposit. */
export function SignDialog(props: { onSaved: (c: LeaseContract) => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const today = chinaDay();
  const [bikes, setBikes] = useState<LeaseBike[]>([]);
  const [renters, setRenters] = useState<LeaseRenter[]>([]);
  const [bikeKeyword, setBikeKeyword] = useState('');
  const [renterKeyword, setRenterKeyword] = useState('');
  const [form, setForm] = useState({ vehicleId: '', renterId: '', startDate: today, endDate: monthLater(today), monthlyRent: '', deposit: '0', note: '' });
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    let live = true;
    void http.call(ElecLeaseApi.bikes, { available: '1', ...(bikeKeyword && { keyword: bikeKeyword }) }).then((res) => live && res.flag === 1 && setBikes(res.obj));
    return () => void (live = false);
  }, [http, bikeKeyword]);
  useEffect(() => {
    let live = true;
    void http.call(ElecLeaseApi.renters, { current: 1, pageSize: 50, ...(renterKeyword && { keyword: renterKeyword }) }).then((res) => live && res.flag === 1 && setRenters(res.obj.list));
    return () => void (live = false);
  }, [http, renterKeyword]);

  const submit = async () => {
    if (!form.vehicleId) throw new Error('请选择电动车');
    if (!form.renterId) throw new Error('请选择租户');
    props.onSaved(expectOk(await http.call(ElecLeaseApi.sign, { ...form, vehicleId: Number(form.vehicleId), renterId: Number(form.renterId) })));
  };

  return (
    <FormDialog title="签订合同" submitText="签订" width={640} onSubmit={submit} onClose={props.onClose}>
      <div className={s.grid}>
        <Field label="查找电动车">
          <Input value={bikeKeyword} placeholder="车牌号" onChange={(_, d) => setBikeKeyword(d.value.trim())} />
        </Field>
        <Field label="电动车" required hint={bikes.length ? undefined : '没有可出租的电动车'}>
          <Select value={form.vehicleId} onChange={(_, d) => set('vehicleId')(d.value)}>
            <option value="">请选择</option>
            {bikes.map((b) => <option key={b.id} value={b.id}>{b.plateNo}</option>)}
          </Select>
        </Field>
        <Field label="查找租户">
          <Input value={renterKeyword} placeholder="姓名或手机号" onChange={(_, d) => setRenterKeyword(d.value.trim())} />
        </Field>
        <Field label="租户" required>
          <Select value={form.renterId} onChange={(_, d) => set('renterId')(d.value)}>
            <option value="">请选择</option>
            {renters.map((r) => <option key={r.id} value={r.id}>{`${r.name} ${r.phone}`}</option>)}
          </Select>
        </Field>
        <Field label="开始日期" required>
          <Input type="date" value={form.startDate} onChange={(_, d) => set('startDate')(d.value)} />
        </Field>
        <Field label="结束日期" required>
          <Input type="date" value={form.endDate} onChange={(_, d) => set('endDate')(d.value)} />
        </Field>
        <Field label="月租金（元）" required>
          <Input value={form.monthlyRent} inputMode="decimal" maxLength={10} onChange={(_, d) => set('monthlyRent')(d.value)} />
        </Field>
        <Field label="押金（元）" required>
          <Input value={form.deposit} inputMode="decimal" maxLength={10} onChange={(_, d) => set('deposit')(d.value)} />
        </Field>
        <Field label="备注" className={s.wide}>
          <Input value={form.note} maxLength={200} onChange={(_, d) => set('note')(d.value)} />
        </Field>
      </div>
    </FormDialog>
  );
}
