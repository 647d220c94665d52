import { useState } from 'react';
import { Field } from '@fluentui/react-components';
import { ElecLeaseApi, expectOk, FormDialog, HttpService, Input, isMobilePhone, isResidentIdNumber, type LeaseRenter, useService } from '@tianlu/sdk';

/**
 * 新增租户 / 编辑租户: name, mobile phone and 居民身份证 number, checked while typing (check digit
 * included). Editing shows the stored phone and number masked; left empty they stay as they are.
 */
export function RenterDialog(props: { renter?: LeaseRenter; onSaved: (r: LeaseRenter) => void; onClose: () => void }) {
  const http = useService(HttpService);
  const editing = props.renter !== undefined;
  const [name, setName] = useState(props.renter?.name ?? '');
  const [phone, setPhone] = useState('');
  const [idNo, setIdNo] = useState('');
  const phoneHint = phone && !isMobilePhone(phone.trim()) ? '请输入 11 位手机号' : undefined;
  const idHint = idNo && !isResidentIdNumber(idNo.trim().toUpperCase()) ? '身份证号不正确（18 位，含校验位）' : undefined;

  const submit = async () => {
    const body = { name, phone, idNo };
    const answer = editing ? await http.call(ElecLeaseApi.updateRenter, { ...body, id: props.renter!.id }) : await http.call(ElecLeaseApi.addRenter, body);
    props.onSaved(expectOk(answer));
  };

  return (
    <FormDialog title={editing ? '编辑租户' : '新增租户'} onSubmit={submit} onClose={props.onClose}>
      <Field label="姓名" required>
        <Input value={name} maxLength={20} onChange={(_, d) => setName(d.value)} />
      </Field>
      <Field label="手机号" required={!editing} validationMessage={phoneHint} hint={editing ? `当前 ${props.renter!.phone}，留空不变` : undefined}>
        <Input value={phone} maxLength={11} inputMode="numeric" onChange={(_, d) => setPhone(d.value)} />
      </Field>
      <Field label="身份证号" required={!editing} validationMessage={idHint} hint={editing ? `当前 ${props.renter!.idNo}，留空不变` : '18 位居民身份证号'}>
        <Input value={idNo} maxLength={18} onChange={(_, d) => setIdNo(d.value)} />
      </Field>
    </FormDialog>
  );
}
