import { useEffect, useState } from 'react';
import { Field, Select, Text, tokens } from '@fluentui/react-components';
import { expectOk, FormDialog, HttpService, Input, Textarea, UserAdminApi, useService, type AdminUser, type GroupChoiceNode, type TenantOption } from '@tianlu/sdk';
import { FormSection, NewAccountFields, PASSWORD_HINT } from './admin-dialogs';
import { CheckTree, type CheckNode } from './check-tree';
import { orderTenants, TenantSelect } from './tenant-select';

/** Shown under a field the user hid in 安全中心: left as it is, the stored value is kept. */
const HIDDEN_HINT = '该用户已设置隐藏，保持不变则不修改';

const toCheckNodes = (groups: readonly GroupChoiceNode[]): CheckNode[] => groups.map((g) => ({ id: g.id, label: g.name, children: toCheckNodes(g.children) }));

/** Roles and vehicle groups a user of `tenantId` may be given. */
function useUserOptions(tenantId: number | undefined) {
  const http = useService(HttpService);
  const [roles, setRoles] = useState<{ id: number; name: string }[]>([]);
  const [groups, setGroups] = useState<GroupChoiceNode[]>([]);
  useEffect(() => {
    if (tenantId === undefined) return;
    let live = true;
    void Promise.all([http.call(UserAdminApi.roles, { tenantId }), http.call(UserAdminApi.groups, { tenantId })])
      .then(([r, g]) => {
        if (!live) return;
        setRoles(expectOk(r));
        setGroups(expectOk(g));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [http, tenantId]);
  return { roles, groups };
}

/** 新增用户 / 编辑用户: account and password only when creating; role and vehicle-group scope of the user's tenant. */
export function UserDialog(props: { user?: AdminUser; tenants: readonly TenantOption[]; defaultTenantId?: number; onClose: () => void; onSaved: () => void }) {
  const http = useService(HttpService);
  const editing = props.user;
  const [tenantId, setTenantId] = useState<number | undefined>(editing?.tenantId ?? props.defaultTenantId ?? orderTenants(props.tenants)[0]?.option.id);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState(editing?.name ?? '');
  const [phone, setPhone] = useState(editing?.phone ?? '');
  const [email, setEmail] = useState(editing?.email ?? '');
  const [remark, setRemark] = useState(editing?.remark ?? '');
  const [roleId, setRoleId] = useState<number | undefined>(editing?.roleId);
  const [groupIds, setGroupIds] = useState<Set<number>>(new Set(editing?.groups.map((g) => g.id) ?? []));
  const { roles, groups } = useUserOptions(tenantId);

  const save = async () => {
    if (roleId === undefined) throw new Error('角色不能为空');
    const common = { name, phone, email, remark, roleId, groupIds: [...groupIds] };
    if (editing) expectOk(await http.call(UserAdminApi.update, { userId: editing.userId, ...common }));
    else {
      if (tenantId === undefined) throw new Error('所属客户不能为空');
      expectOk(await http.call(UserAdminApi.add, { tenantId, account, password, ...common }));
    }
    props.onSaved();
  };

  return (
    <FormDialog title={editing ? `编辑用户 ${editing.account}` : '新增用户'} width={760} onSubmit={save} onClose={props.onClose}>
      {!editing && (
        <>
          <TenantSelect
            label="所属客户"
            required
            options={props.tenants}
            value={tenantId}
            onChange={(id) => {
              setTenantId(id);
              setRoleId(undefined);
              setGroupIds(new Set());
            }}
          />
          <NewAccountFields accountHint="3–32 位字母、数字或 _ . @ -" account={account} password={password} onAccount={setAccount} onPassword={setPassword} />
        </>
      )}
      <Field label="姓名" required>
        <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={50} />
      </Field>
      <Field label="手机号" hint={editing && editing.phone.includes('*') && phone === editing.phone ? HIDDEN_HINT : undefined}>
        <Input value={phone} inputMode="tel" onChange={(_, d) => setPhone(d.value)} maxLength={20} />
      </Field>
      <Field label="邮箱" hint={editing && editing.email.includes('*') && email === editing.email ? HIDDEN_HINT : undefined}>
        <Input value={email} onChange={(_, d) => setEmail(d.value)} maxLength={100} />
      </Field>
      <Field label="角色" required>
        <Select value={roleId === undefined ? '' : String(roleId)} onChange={(_, d) => setRoleId(d.value ? Number(d.value) : undefined)}>
          <option value="">请选择角色</option>
          {roles.map((r) => (
            <option key={r.id} value={String(r.id)}>
              {r.name}
            </option>
          ))}
        </Select>
      </Field>
      <FormSection title="可见车组" hint="不选择则可见所属客户的全部车组；选择上级车组即包含其下级车组">
        {groups.length ? (
          <CheckTree label="可见车组" nodes={toCheckNodes(groups)} checked={groupIds} onChange={setGroupIds} />
        ) : (
          <Text style={{ color: tokens.colorNeutralForeground3 }}>该客户暂无车组</Text>
        )}
      </FormSection>
      <Field label="备注">
        <Textarea value={remark} onChange={(_, d) => setRemark(d.value)} maxLength={200} />
      </Field>
    </FormDialog>
  );
}

/** 重置密码: the new password; the user's sessions end. */
export function ResetPasswordDialog(props: { user: AdminUser; onClose: () => void; onSaved: () => void }) {
  const http = useService(HttpService);
  const [password, setPassword] = useState('');
  return (
    <FormDialog
      title={`重置密码：${props.user.account}`}
      submitText="确认重置"
      onClose={props.onClose}
      onSubmit={async () => {
        expectOk(await http.call(UserAdminApi.resetPassword, { userId: props.user.userId, password }));
        props.onSaved();
      }}
    >
      <Text>重置后该用户已登录的会话立即失效，需要使用新密码重新登录。</Text>
      <Field label="新密码" required hint={PASSWORD_HINT}>
        <Input type="password" value={password} onChange={(_, d) => setPassword(d.value)} maxLength={64} autoComplete="new-password" />
      </Field>
    </FormDialog>
  );
}
