import { useCallback, useEffect, useState } from 'react';
import { Button, Field, Radio, RadioGroup, Select, Text } from '@fluentui/react-components';
import { expectOk, FormDialog, HttpService, Input, TerminalAdminApi, useService, VehicleAdminApi, type Endpoint, type RenewBody, type TransferAnswer, type TransferBody } from '@tianlu/sdk';
import { errorText } from '../admin/admin-page';
import type { AssetOptions } from './asset-api';
import { GroupPicker, TenantPicker } from './asset-filters';

interface Candidate {
  id: number;
  label: string;
}

/**
 * 绑定: a vehicle gets a free terminal of its customer, or a terminal a free vehicle. The choice
 * is searched on the server (at most 50 candidates).
 */
export function BindDialog(props: { side: 'vehicle' | 'terminal'; id: number; subject: string; onDone: () => void; onClose: () => void }) {
  const http = useService(HttpService);
  const vehicleSide = props.side === 'vehicle';
  const [keyword, setKeyword] = useState('');
  const [candidates, setCandidates] = useState<Candidate[]>();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string>();
  const what = vehicleSide ? '终端' : '车辆';

  const search = useCallback(
    async (text: string) => {
      setError(undefined);
      try {
        if (vehicleSide) {
          const list = expectOk(await http.call(VehicleAdminApi.bindableTerminals, { vehicleId: props.id, keyword: text || undefined }));
          setCandidates(list.map((t) => ({ id: t.id, label: `${t.terminalNo}${t.model ? `（${t.model}）` : ''}` })));
        } else {
          const list = expectOk(await http.call(TerminalAdminApi.bindableVehicles, { terminalId: props.id, keyword: text || undefined }));
          setCandidates(list.map((v) => ({ id: v.id, label: `${v.plateNo}${v.groupName ? `（${v.groupName}）` : ''}` })));
        }
        setChosen('');
      } catch (e) {
        setError(errorText(e));
      }
    },
    [http, props.id, vehicleSide],
  );
  useEffect(() => void search(''), [search]);

  const submit = async () => {
    if (!chosen) throw new Error(`请选择要绑定的${what}`);
    if (vehicleSide) expectOk(await http.call(VehicleAdminApi.bind, { vehicleId: props.id, terminalId: Number(chosen) }));
    else expectOk(await http.call(TerminalAdminApi.bind, { terminalId: props.id, vehicleId: Number(chosen) }));
    props.onDone();
  };

  return (
    <FormDialog title={`绑定${what}`} submitText="绑定" onSubmit={submit} onClose={props.onClose}>
      <Text>{`${vehicleSide ? '车辆' : '终端'} ${props.subject} 绑定到同一客户中未绑定的${what}：`}</Text>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
        <Field label={`搜索${what}`} style={{ flex: 1 }}>
          <Input maxLength={20} value={keyword} placeholder={vehicleSide ? '终端号、IMEI 或 SIM 卡号' : '车牌号、VIN 或司机'} onChange={(_, d) => setKeyword(d.value)} />
        </Field>
        <Button onClick={() => void search(keyword.trim())}>搜索</Button>
      </div>
      <Field label={`选择${what}`} validationMessage={candidates && candidates.length === 0 ? `没有可绑定的${what}` : error}>
        <Select value={chosen} onChange={(_, d) => setChosen(d.value)}>
          <option value="">{candidates ? '请选择' : '加载中…'}</option>
          {(candidates ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}

/** 转移: to another customer of the caller's scope, optionally into one of its groups. Bound partners go along. */
export function TransferDialog(props: { transfer: Endpoint<Record<string, never>, TransferBody, TransferAnswer>; ids: number[]; subject: string; noun?: string; groupLabel?: string; options: AssetOptions; onDone: (moved: { vehicles: number; terminals: number }) => void; onClose: () => void }) {
  const http = useService(HttpService);
  const [tenantId, setTenantId] = useState<number>();
  const [groupId, setGroupId] = useState<number>();
  const submit = async () => {
    if (tenantId === undefined) throw new Error('请选择目标客户');
    props.onDone(expectOk(await http.call(props.transfer, { ids: props.ids, tenantId, groupId: groupId ?? null })));
  };
  return (
    <FormDialog title="转移到其他客户" submitText="转移" onSubmit={submit} onClose={props.onClose}>
      <Text>{`${props.subject}（已绑定的${props.noun ?? '车辆'}和终端一起转移）`}</Text>
      <TenantPicker
        label="目标客户"
        tenants={props.options.tenants}
        value={tenantId}
        allLabel="请选择"
        onChange={(id) => {
          setTenantId(id);
          setGroupId(undefined);
        }}
      />
      {tenantId !== undefined && <GroupPicker label={`目标${props.groupLabel ?? '车组'}`} groups={props.options.groups} tenantId={tenantId} value={groupId} emptyLabel="不分组" onChange={setGroupId} />}
    </FormDialog>
  );
}

const MONTHS = [1, 3, 6, 12, 24, 36];

/** 续费: extend by months (from today when already expired) or to a date. */
export function RenewDialog(props: { renew: Endpoint<Record<string, never>, RenewBody, { renewed: number }>; ids: number[]; subject: string; onDone: (renewed: number) => void; onClose: () => void }) {
  const http = useService(HttpService);
  const [mode, setMode] = useState<'months' | 'until'>('months');
  const [months, setMonths] = useState('12');
  const [until, setUntil] = useState('');
  const submit = async () => {
    if (mode === 'until' && !until) throw new Error('请选择到期日期');
    const body: RenewBody = mode === 'months' ? { ids: props.ids, months: Number(months) } : { ids: props.ids, until };
    props.onDone(expectOk(await http.call(props.renew, body)).renewed);
  };
  return (
    <FormDialog title="续费" submitText="续费" onSubmit={submit} onClose={props.onClose}>
      <Text>{props.subject}</Text>
      <RadioGroup value={mode} onChange={(_, d) => setMode(d.value as 'months' | 'until')} layout="horizontal" aria-label="续费方式">
        <Radio value="months" label="按月续费" />
        <Radio value="until" label="续到指定日期" />
      </RadioGroup>
      {mode === 'months' ? (
        <Field label="续费时长" hint="从当前到期日期起算；已到期的从今天起算">
          <Select value={months} onChange={(_, d) => setMonths(d.value)}>
            {MONTHS.map((m) => (
              <option key={m} value={String(m)}>{`${m} 个月`}</option>
            ))}
          </Select>
        </Field>
      ) : (
        <Field label="到期日期">
          <Input type="date" value={until} onChange={(_, d) => setUntil(d.value)} />
        </Field>
      )}
    </FormDialog>
  );
}
