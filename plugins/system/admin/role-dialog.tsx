import { useEffect, useState } from 'react';
import { Checkbox, Field, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { BUTTON_RESOURCE_TYPE, expectOk, FormDialog, HttpService, Input, Textarea, ResourceApi, RoleAdminApi, useService, type AdminRole, type ResourceItem, type TenantOption } from '@tianlu/sdk';
import { FormSection } from './admin-dialogs';
import { CheckTree, type CheckNode } from './check-tree';
import { orderTenants, TenantSelect } from './tenant-select';

const useStyles = makeStyles({
  platform: { display: 'flex', flexDirection: 'column', gap: '4px', paddingBottom: '8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  muted: { color: tokens.colorNeutralForeground3 },
});

const toCheckNodes = (items: readonly ResourceItem[]): CheckNode[] =>
  items.map((r) => ({ id: r.id, label: r.name, hint: r.type === BUTTON_RESOURCE_TYPE ? '按钮' : undefined, children: toCheckNodes(r.children ?? []) }));

const idsOf = (items: readonly ResourceItem[]): number[] => items.flatMap((r) => [r.id, ...idsOf(r.children ?? [])]);

/** Id of the centre's root in the resource tree; its pages come with every role, only its settings (设置) are granted. */
const CENTRE_PLATFORM_ID = 0;
/** Resource type of a menu group (the centre's 设置: 告警设置 推送设置 健康设置, settings of the whole tenant). */
const MENU_GROUP_TYPE = 2;

/**
 * The platforms and resources the editing user holds (its own resource tree). Of the centre only
 * its settings group is offered: the centre's pages come with every role.
 */
function useGrantable(): { platformId: number; name: string; items: ResourceItem[] }[] | undefined {
  const http = useService(HttpService);
  const [tree, setTree] = useState<{ platformId: number; name: string; items: ResourceItem[] }[]>();
  useEffect(() => {
    let live = true;
    http
      .call(ResourceApi.mine, { version: 'v4', from: 'carWeb4' })
      .then((res) => {
        if (!live) return;
        const roots = expectOk(res).filter((p) => p.platformId !== undefined);
        const grantable = roots.map((p) => ({
          platformId: p.platformId!,
          name: p.name,
          items: p.platformId === CENTRE_PLATFORM_ID ? (p.children ?? []).filter((r) => r.type === MENU_GROUP_TYPE) : (p.children ?? []),
        }));
        setTree(grantable.filter((p) => p.platformId !== CENTRE_PLATFORM_ID || p.items.length > 0));
      })
      .catch(() => live && setTree([]));
    return () => {
      live = false;
    };
  }, [http]);
  return tree;
}

/** 新增角色 / 编辑角色: name, remark, the sub-applications it may enter and its menus and buttons, per sub-application. */
export function RoleDialog(props: { role?: AdminRole; tenants: readonly TenantOption[]; defaultTenantId?: number; onClose: () => void; onSaved: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const grantable = useGrantable();
  const editing = props.role;
  const [tenantId, setTenantId] = useState<number | undefined>(editing?.tenantId ?? props.defaultTenantId ?? orderTenants(props.tenants)[0]?.option.id);
  const [name, setName] = useState(editing?.name ?? '');
  const [remark, setRemark] = useState(editing?.remark ?? '');
  const [platforms, setPlatforms] = useState<Set<number>>(new Set());
  const [resources, setResources] = useState<Set<number>>(new Set());
  const [loaded, setLoaded] = useState(!editing);

  useEffect(() => {
    if (!editing) return;
    let live = true;
    http
      .call(RoleAdminApi.detail, { id: editing.id })
      .then((res) => {
        if (!live) return;
        const detail = expectOk(res);
        setPlatforms(new Set(detail.platformIds));
        setResources(new Set(detail.resourceIds));
        setLoaded(true);
      })
      .catch(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [http, editing]);

  const save = async () => {
    const body = { name, remark, platformIds: [...platforms], resourceIds: [...resources] };
    if (editing) expectOk(await http.call(RoleAdminApi.update, { id: editing.id, ...body }));
    else {
      if (tenantId === undefined) throw new Error('所属客户不能为空');
      expectOk(await http.call(RoleAdminApi.add, { tenantId, ...body }));
    }
    props.onSaved();
  };

  const setPlatform = (platformId: number, items: readonly ResourceItem[], on: boolean) => {
    const next = new Set(platforms);
    if (on) next.add(platformId);
    else {
      next.delete(platformId);
      const nextResources = new Set(resources);
      for (const id of idsOf(items)) nextResources.delete(id);
      setResources(nextResources);
    }
    setPlatforms(next);
  };

  const setPlatformResources = (platformId: number, next: Set<number>) => {
    setResources(next);
    if (platformId !== CENTRE_PLATFORM_ID && !platforms.has(platformId)) setPlatforms(new Set([...platforms, platformId]));
  };

  return (
    <FormDialog title={editing ? `编辑角色 ${editing.name}` : '新增角色'} width={760} onSubmit={save} onClose={props.onClose}>
      {!editing && <TenantSelect label="所属客户" required options={props.tenants} value={tenantId} onChange={setTenantId} />}
      <Field label="角色名称" required>
        <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={30} />
      </Field>
      <Field label="备注">
        <Textarea value={remark} onChange={(_, d) => setRemark(d.value)} maxLength={200} />
      </Field>
      <FormSection title="权限" hint="只能授予您自己拥有的子系统、菜单和按钮；勾选按钮会同时勾选其菜单">
        {!grantable || !loaded ? (
          <Spinner size="tiny" label="加载中…" />
        ) : grantable.length === 0 ? (
          <Text className={s.muted}>您没有可授予的子系统</Text>
        ) : (
          grantable.map((p) => (
            <div key={p.platformId} className={s.platform}>
              {p.platformId === CENTRE_PLATFORM_ID ? (
                <Text weight="semibold">{p.name}（租户设置）</Text>
              ) : (
                <Checkbox label={`子系统：${p.name}`} checked={platforms.has(p.platformId)} onChange={(_, d) => setPlatform(p.platformId, p.items, d.checked === true)} />
              )}
              {p.items.length > 0 && (
                <CheckTree label={`${p.name}的菜单和按钮`} cascade nodes={toCheckNodes(p.items)} checked={resources} onChange={(next) => setPlatformResources(p.platformId, next)} />
              )}
            </div>
          ))
        )}
      </FormSection>
    </FormDialog>
  );
}
