import { useState } from 'react';
import { Field, Select } from '@fluentui/react-components';
import { expectOk, FormDialog, HttpService, Input, Textarea, TenantAdminApi, useService, type TenantKind, type TenantNode } from '@tianlu/sdk';
import { NewAccountFields } from './admin-dialogs';

/**
 * 新增客户 (under `parent`, with its first administrator) / 编辑客户. A customer is a leaf; agents may
 * have customers below them.
 */
export function TenantDialog(props: { parent?: TenantNode; tenant?: TenantNode; isOwn?: boolean; onClose: () => void; onSaved: () => void }) {
  const http = useService(HttpService);
  const editing = props.tenant;
  const [name, setName] = useState(editing?.name ?? '');
  const [kind, setKind] = useState<TenantKind>(editing?.kind ?? 'customer');
  const [contact, setContact] = useState(editing?.contact ?? '');
  const [phone, setPhone] = useState(editing?.phone ?? '');
  const [remark, setRemark] = useState(editing?.remark ?? '');
  const [adminAccount, setAdminAccount] = useState('');
  const [adminPassword, setAdminPassword] = useState('');
  const [adminName, setAdminName] = useState('');

  const save = async () => {
    const fields = { name, contact, phone, remark };
    // 平台 is only ever shown (the installation's root), never chosen
    const chosen = kind === 'platform' ? undefined : kind;
    if (editing) expectOk(await http.call(TenantAdminApi.update, { id: editing.id, ...fields, ...(editing.kind === 'platform' || props.isOwn || !chosen ? {} : { kind: chosen }) }));
    else {
      if (!chosen) throw new Error('客户类型不能为空');
      expectOk(await http.call(TenantAdminApi.add, { parentId: props.parent!.id, ...fields, kind: chosen, adminAccount, adminPassword, adminName }));
    }
    props.onSaved();
  };

  const kindFixed = editing && (editing.kind === 'platform' || props.isOwn);
  return (
    <FormDialog title={editing ? `编辑客户 ${editing.name}` : `新增客户（上级：${props.parent?.name ?? ''}）`} onSubmit={save} onClose={props.onClose}>
      <Field label="客户名称" required>
        <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={50} />
      </Field>
      <Field label="客户类型" required hint="代理商可以再建下级客户；客户不能">
        <Select value={kind} disabled={kindFixed} onChange={(_, d) => setKind(d.value as TenantKind)}>
          {kindFixed && editing?.kind === 'platform' && <option value="platform">平台</option>}
          <option value="agent">代理商</option>
          <option value="customer">客户</option>
        </Select>
      </Field>
      <Field label="联系人">
        <Input value={contact} onChange={(_, d) => setContact(d.value)} maxLength={50} />
      </Field>
      <Field label="联系电话">
        <Input value={phone} inputMode="tel" onChange={(_, d) => setPhone(d.value)} maxLength={20} />
      </Field>
      <Field label="备注">
        <Textarea value={remark} onChange={(_, d) => setRemark(d.value)} maxLength={200} />
      </Field>
      {!editing && (
        <>
          <NewAccountFields
            accountLabel="管理员账号"
            accountHint="该客户的第一个管理员，拥有不超过您的权限"
            passwordLabel="管理员密码"
            account={adminAccount}
            password={adminPassword}
            onAccount={setAdminAccount}
            onPassword={setAdminPassword}
          />
          <Field label="管理员姓名">
            <Input value={adminName} onChange={(_, d) => setAdminName(d.value)} maxLength={50} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
