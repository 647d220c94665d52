import { useState, type FormEvent } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, Text, tokens,
} from '@fluentui/react-components';
import { expectOk, HttpService, Input, isMobilePhone, isResidentIdNumber, type LeaseRenter, useService } from '@tianlu/sdk';
import { errorText, LeasePaths } from './lease-api';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '8px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * 新增租户 / 编辑租户: name, mobile phone and 居民身份证 number, checked while typing (check digit
 * included). Editing shows the stored phone and number masked; left empty they stay as they are.
 */
export function RenterDialog(props: { renter?: LeaseRenter; onSaved: (r: LeaseRenter) => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const editing = props.renter !== undefined;
  const [name, setName] = useState(props.renter?.name ?? '');
  const [phone, setPhone] = useState('');
  const [idNo, setIdNo] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const phoneHint = phone && !isMobilePhone(phone.trim()) ? '请输入 11 位手机号' : undefined;
  const idHint = idNo && !isResidentIdNumber(idNo.trim().toUpperCase()) ? '身份证号不正确（18 位，含校验位）' : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(undefined);
    try {
      const body = { name, phone, idNo, ...(editing && { id: props.renter!.id }) };
      props.onSaved(expectOk(await http.postJson<LeaseRenter>(editing ? LeasePaths.updateRenter : LeasePaths.addRenter, body)));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface aria-label={editing ? '编辑租户' : '新增租户'}>
        <form onSubmit={(e) => void submit(e)}>
          <DialogBody>
            <DialogTitle>{editing ? '编辑租户' : '新增租户'}</DialogTitle>
            <DialogContent className={s.form}>
              <Field label="姓名" required>
                <Input value={name} maxLength={20} onChange={(_, d) => setName(d.value)} />
              </Field>
              <Field label="手机号" required={!editing} validationMessage={phoneHint} hint={editing ? `当前 ${props.renter!.phone}，留空不变` : undefined}>
                <Input value={phone} maxLength={11} inputMode="numeric" onChange={(_, d) => setPhone(d.value)} />
              </Field>
              <Field label="身份证号" required={!editing} validationMessage={idHint} hint={editing ? `当前 ${props.renter!.idNo}，留空不变` : '18 位居民身份证号'}>
                <Input value={idNo} maxLength={18} onChange={(_, d) => setIdNo(d.value)} />
              </Field>
              {error && <Text role="alert" className={s.error}>{error}</Text>}
            </DialogContent>
            <DialogActions>
              <Button onClick={props.onClose}>取消</Button>
              <Button appearance="primary" type="submit" disabled={saving}>保存</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
