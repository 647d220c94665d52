import { useState } from 'react';
import { Field, Select } from '@fluentui/react-components';
import { expectOk, FormDialog, HttpService, Input, TerminalAdminApi, useService } from '@tianlu/sdk';
import type { AssetOptions, TerminalRow } from './asset-api';
import { TenantPicker } from './asset-filters';

/** 新增终端 / 编辑终端. */
export function TerminalDialog(props: { terminal?: TerminalRow; options: AssetOptions; onSaved: () => void; onClose: () => void }) {
  const http = useService(HttpService);
  const t = props.terminal;
  const [tenantId, setTenantId] = useState<number | undefined>(t?.tenantId ?? props.options.tenants[0]?.id);
  const [terminalNo, setTerminalNo] = useState(t?.terminalNo ?? '');
  const [imei, setImei] = useState(t?.imei ?? '');
  const [model, setModel] = useState(t?.model ?? '');
  const [sim, setSim] = useState(t?.sim ?? '');
  const [edition, setEdition] = useState(t?.edition || '2013');
  const [installDate, setInstallDate] = useState(t?.installDate ?? '');

  const submit = async () => {
    const fields = { terminalNo: terminalNo.trim(), imei: imei.trim(), model, sim: sim.trim(), edition, installDate };
    if (t) expectOk(await http.call(TerminalAdminApi.update, { id: t.id, ...fields }));
    else expectOk(await http.call(TerminalAdminApi.add, { ...fields, tenantId }));
    props.onSaved();
  };

  return (
    <FormDialog title={t ? '编辑终端' : '新增终端'} onSubmit={submit} onClose={props.onClose}>
      {!t && props.options.tenants.length > 1 && <TenantPicker label="所属客户" tenants={props.options.tenants} value={tenantId} onChange={setTenantId} />}
      <Field label="终端号" required hint={edition === 'gt06' || edition === 'watch' ? '设备 IMEI（15 位数字；手表协议也可为 10 位设备号）' : 'JT/T 808 终端手机号，11–20 位数字'}>
        <Input value={terminalNo} maxLength={20} inputMode="numeric" onChange={(_, d) => setTerminalNo(d.value)} />
      </Field>
      <Field label="IMEI" hint="15 位数字，可不填">
        <Input value={imei} maxLength={15} inputMode="numeric" onChange={(_, d) => setImei(d.value)} />
      </Field>
      <Field label="终端型号">
        <Input value={model} maxLength={50} onChange={(_, d) => setModel(d.value)} />
      </Field>
      <Field label="SIM 卡号">
        <Input value={sim} maxLength={20} inputMode="numeric" onChange={(_, d) => setSim(d.value)} />
      </Field>
      <Field label="协议版本">
        <Select value={edition} onChange={(_, d) => setEdition(d.value)}>
          {(props.options.editions ?? ['2011', '2013', '2019']).map((e) => (
            <option key={e} value={e}>{props.options.editionNames?.[e] ?? `JT/T 808-${e}`}</option>
          ))}
        </Select>
      </Field>
      <Field label="安装日期">
        <Input type="date" value={installDate} onChange={(_, d) => setInstallDate(d.value)} />
      </Field>
    </FormDialog>
  );
}
