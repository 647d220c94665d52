import { useCallback, useEffect, useState } from 'react';
import { Button, Field, Select } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { expectOk, HttpService, Input, useService, type Endpoint } from '@tianlu/sdk';
import { EMPTY_FILTER, treeOrder, type AssetFilter, type AssetOptions, type GroupChoice, type TenantChoice } from './asset-api';

const INDENT = '\u3000';

/** Options of a page (tenants of the scope, their groups …); `reload` after groups or tenants changed. */
export function useAssetOptions(endpoint: Endpoint<Record<string, never>, undefined, AssetOptions>): { options: AssetOptions | undefined; reload: () => void } {
  const http = useService(HttpService);
  const [options, setOptions] = useState<AssetOptions>();
  const load = useCallback(() => {
    http
      .call(endpoint)
      .then((res) => setOptions(expectOk(res)))
      .catch(() => setOptions({ tenants: [], groups: [] }));
  }, [http, endpoint]);
  useEffect(load, [load]);
  return { options, reload: load };
}

/** A customer picker in tree order; `allLabel` adds an empty choice. */
export function TenantPicker(props: { label: string; tenants: readonly TenantChoice[]; value: number | undefined; onChange: (id: number | undefined) => void; allLabel?: string }) {
  return (
    <Field label={props.label}>
      <Select value={props.value === undefined ? '' : String(props.value)} onChange={(_, d) => props.onChange(d.value ? Number(d.value) : undefined)}>
        {props.allLabel !== undefined && <option value="">{props.allLabel}</option>}
        {treeOrder(props.tenants).map(({ item, depth }) => (
          <option key={item.id} value={String(item.id)}>{`${INDENT.repeat(depth)}${item.name}`}</option>
        ))}
      </Select>
    </Field>
  );
}

/** 所属客户 of a new asset, shown only when the caller has more than one customer. */
export function NewAssetTenantPicker(props: { tenants: readonly TenantChoice[]; value: number | undefined; onChange: (id: number | undefined) => void }) {
  if (props.tenants.length <= 1) return null;
  return <TenantPicker label="所属客户" tenants={props.tenants} value={props.value} onChange={props.onChange} />;
}

/** A vehicle-group picker (groups of one customer when `tenantId` is given) in tree order. */
export function GroupPicker(props: { label: string; groups: readonly GroupChoice[]; tenantId?: number; value: number | null | undefined; onChange: (id: number | undefined) => void; emptyLabel: string }) {
  const groups = props.tenantId === undefined ? props.groups : props.groups.filter((g) => g.tenantId === props.tenantId);
  return (
    <Field label={props.label}>
      <Select value={props.value === undefined || props.value === null ? '' : String(props.value)} onChange={(_, d) => props.onChange(d.value ? Number(d.value) : undefined)}>
        <option value="">{props.emptyLabel}</option>
        {treeOrder(groups).map(({ item, depth }) => (
          <option key={item.id} value={String(item.id)}>{`${INDENT.repeat(depth)}${item.name}`}</option>
        ))}
      </Select>
    </Field>
  );
}

/** The search row of 车辆管理 and 终端管理: keyword, customer, group, binding and service state. */
/** `groupLabel` is the word of the page's groups (车组, 部门, 分组); 车组 where the page lists vehicles or terminals. */
export function AssetFilterBar(props: { placeholder: string; groupLabel?: string; options: AssetOptions | undefined; onSearch: (filter: AssetFilter) => void }) {
  const groupLabel = props.groupLabel ?? '车组';
  const [draft, setDraft] = useState<AssetFilter>(EMPTY_FILTER);
  const set = (patch: Partial<AssetFilter>) => setDraft((d) => ({ ...d, ...patch }));
  const tenants = props.options?.tenants ?? [];
  return (
    <>
      <Field label="关键词">
        <Input maxLength={50}
          value={draft.keyword}
          placeholder={props.placeholder}
          contentBefore={<SearchRegular />}
          onChange={(_, d) => set({ keyword: d.value })}
          onKeyDown={(e) => e.key === 'Enter' && props.onSearch({ ...draft, keyword: draft.keyword.trim() })}
        />
      </Field>
      {tenants.length > 1 && <TenantPicker label="所属客户" tenants={tenants} value={draft.tenantId} allLabel="全部客户" onChange={(tenantId) => set({ tenantId, groupId: undefined })} />}
      <GroupPicker label={groupLabel} groups={props.options?.groups ?? []} tenantId={draft.tenantId} value={draft.groupId} emptyLabel={`全部${groupLabel}`} onChange={(groupId) => set({ groupId })} />
      <Field label="绑定状态">
        <Select value={draft.bound} onChange={(_, d) => set({ bound: d.value as AssetFilter['bound'] })}>
          <option value="">全部</option>
          <option value="1">已绑定</option>
          <option value="0">未绑定</option>
        </Select>
      </Field>
      <Field label="服务状态">
        <Select value={draft.expired} onChange={(_, d) => set({ expired: d.value as AssetFilter['expired'] })}>
          <option value="">全部</option>
          <option value="0">正常</option>
          <option value="1">已到期</option>
        </Select>
      </Field>
      <Button appearance="primary" onClick={() => props.onSearch({ ...draft, keyword: draft.keyword.trim() })}>
        查询
      </Button>
      <Button
        onClick={() => {
          setDraft(EMPTY_FILTER);
          props.onSearch(EMPTY_FILTER);
        }}
      >
        重置
      </Button>
    </>
  );
}
