import { useRef, useState } from 'react';
import { Button, Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { ASSET_KIND_DEFINITIONS, expectOk, HttpService, Input, useService, type AssetKind, type AssetProfile, type ProfileField } from '@tianlu/sdk';
import { FormDialog } from '../admin/admin-dialogs';
import { errorText } from '../admin/admin-page';
import type { AssetDialogProps } from './asset-admin-page';
import { MEDIA_UPLOAD, VehiclePaths, type VehicleRow } from './asset-api';
import { GroupPicker, NewAssetTenantPicker } from './asset-filters';

const useStyles = makeStyles({
  photo: { display: 'flex', alignItems: 'center', gap: '10px' },
  image: { width: '64px', height: '64px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
  empty: {
    width: '64px', height: '64px', display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: tokens.borderRadiusMedium,
    background: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground3,
  },
  hidden: { display: 'none' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** 照片: the current photo, 上传照片 (checked here for type and size, and again by the server) and 移除. */
function PhotoField(props: { field: ProfileField; value: string; onChange: (url: string) => void }) {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    if (!PHOTO_TYPES.includes(file.type)) return setError('只能上传 JPG、PNG 或 WebP 格式的图片');
    if (file.size > MAX_PHOTO_BYTES) return setError('图片不能超过 2 MB');
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    try {
      props.onChange(expectOk(await http.upload<{ url: string }>(MEDIA_UPLOAD, form)).url);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Field label={props.field.label} hint={props.field.hint}>
      <div className={s.photo}>
        {props.value ? <img className={s.image} src={props.value} alt={props.field.label} /> : <span className={s.empty}>无</span>}
        <Button disabled={busy} onClick={() => input.current?.click()}>
          {busy ? '上传中…' : props.value ? '更换照片' : '上传照片'}
        </Button>
        {props.value && <Button appearance="subtle" onClick={() => props.onChange('')}>移除</Button>}
        <input ref={input} className={s.hidden} type="file" accept={PHOTO_TYPES.join(',')} aria-label={`选择${props.field.label}`} onChange={(e) => void choose(e.target.files?.[0])} />
      </div>
      {error && <Text role="alert" className={s.error}>{error}</Text>}
    </Field>
  );
}

/** One profile field as its type asks: a text box, a choice, a number, a date or a photo. */
function ProfileInput(props: { field: ProfileField; value: string; onChange: (value: string) => void }) {
  const f = props.field;
  if (f.type === 'photo') return <PhotoField field={f} value={props.value} onChange={props.onChange} />;
  const label = f.unit ? `${f.label}（${f.unit}）` : f.label;
  if (f.type === 'choice') {
    return (
      <Field label={label}>
        <Select value={props.value} onChange={(_, d) => props.onChange(d.value)}>
          <option value="">未填写</option>
          {f.choices?.map((c) => <option key={c} value={c}>{f.unit ? `${c} ${f.unit}` : c}</option>)}
        </Select>
      </Field>
    );
  }
  const type = f.type === 'date' ? 'date' : f.type === 'number' ? 'number' : f.type === 'phone' ? 'tel' : 'text';
  const max = f.type === 'phone' ? 11 : f.max;
  return (
    <Field label={label} hint={f.hint}>
      <Input type={type} value={props.value} maxLength={max} onChange={(_, d) => props.onChange(d.value)} />
    </Field>
  );
}

const textOf = (profile: AssetProfile | undefined, key: string) => (profile?.[key] === undefined ? '' : String(profile[key]));

/**
 * 新增 / 编辑 of a person, pet or e-bike: its name, the fields of its kind, group and service
 * expiry. The server checks every field again and its Chinese message shows in the dialog.
 */
export function profileDialog(kind: Exclude<AssetKind, 'vehicle'>) {
  const d = ASSET_KIND_DEFINITIONS[kind];
  return function ProfileDialog(props: AssetDialogProps) {
    const http = useService<HttpService>(HttpService);
    const a = props.asset;
    const [tenantId, setTenantId] = useState<number | undefined>(a?.tenantId ?? props.defaultTenantId ?? props.options.tenants[0]?.id);
    const [name, setName] = useState(a?.plateNo ?? '');
    const [profile, setProfile] = useState<Record<string, string>>(Object.fromEntries(d.fields.map((f) => [f.key, textOf(a?.profile, f.key)])));
    const [groupId, setGroupId] = useState<number | undefined>(a?.groupId ?? undefined);
    const [expiryDate, setExpiryDate] = useState(a?.expiryDate ?? '');

    const submit = async () => {
      const fields = {
        plateNo: name.trim(), assetKind: kind, plateColor: 0, groupId: groupId ?? null, expiryDate,
        profile: Object.fromEntries(Object.entries(profile).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== '')),
      };
      const saved = a
        ? expectOk(await http.postJson<VehicleRow>(VehiclePaths.update, { id: a.id, ...fields }))
        : expectOk(await http.postJson<VehicleRow>(VehiclePaths.add, { ...fields, tenantId }));
      props.onSaved(saved);
    };

    return (
      <FormDialog title={a ? `编辑${d.noun}` : `新增${d.noun}`} wide onSubmit={submit} onClose={props.onClose}>
        {!a && (
          <NewAssetTenantPicker
            tenants={props.options.tenants}
            value={tenantId}
            onChange={(id) => {
              setTenantId(id);
              setGroupId(undefined);
            }}
          />
        )}
        <Field label={d.nameLabel} required hint={d.nameHint}>
          <Input value={name} maxLength={20} onChange={(_, e) => setName(e.value)} />
        </Field>
        {d.fields.map((f) => (
          <ProfileInput key={f.key} field={f} value={profile[f.key] ?? ''} onChange={(value) => setProfile((p) => ({ ...p, [f.key]: value }))} />
        ))}
        <GroupPicker label="车组" groups={props.options.groups} tenantId={tenantId} value={groupId} emptyLabel="未分组" onChange={setGroupId} />
        <Field label="到期日期" hint="服务到期后不再显示实时数据；不填为不限">
          <Input type="date" value={expiryDate} onChange={(_, e) => setExpiryDate(e.value)} />
        </Field>
      </FormDialog>
    );
  };
}
