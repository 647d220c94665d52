import { useState } from 'react';
import { Field } from '@fluentui/react-components';
import { ASSET_KIND_DEFINITIONS, FormDialog, groupColumnLabel, Input, ProfileInput, type AssetKind, type AssetProfile } from '@tianlu/sdk';
import type { AssetDialogProps } from './asset-admin-page';
import { useAssetOwner } from './asset-owner';

const textOf = (profile: AssetProfile | undefined, key: string) => (profile?.[key] === undefined ? '' : String(profile[key]));

/**
 * 新增 / 编辑 of a person, pet or e-bike: its name, the fields of its kind, group and service
 * expiry. The server checks every field again and its Chinese message shows in the dialog.
 */
export function profileDialog(kind: Exclude<AssetKind, 'vehicle'>) {
  const d = ASSET_KIND_DEFINITIONS[kind];
  return function ProfileDialog(props: AssetDialogProps) {
    const a = props.asset;
    const owner = useAssetOwner(props);
    const [name, setName] = useState(a?.plateNo ?? '');
    const [profile, setProfile] = useState<Record<string, string>>(Object.fromEntries(d.fields.map((f) => [f.key, textOf(a?.profile, f.key)])));
    const [expiryDate, setExpiryDate] = useState(a?.expiryDate ?? '');

    const submit = async () => {
      const fields = {
        plateNo: name.trim(), assetKind: kind, plateColor: 0, groupId: owner.groupId ?? null, expiryDate,
        // every field, an emptied one as '': the server keeps what an edit leaves out
        profile: Object.fromEntries(Object.entries(profile).map(([k, v]) => [k, v.trim()])),
      };
      props.onSaved(await owner.save(fields));
    };

    return (
      <FormDialog title={a ? `编辑${d.noun}` : `新增${d.noun}`} width={760} onSubmit={submit} onClose={props.onClose}>
        {owner.tenantPicker}
        <Field label={d.nameLabel} required hint={d.nameHint}>
          <Input value={name} maxLength={20} onChange={(_, e) => setName(e.value)} />
        </Field>
        {d.fields.map((f) => (
          <ProfileInput key={f.key} field={f} value={profile[f.key] ?? ''} onChange={(value) => setProfile((p) => ({ ...p, [f.key]: value }))} />
        ))}
        {owner.groupPicker(groupColumnLabel(kind))}
        <Field label="到期日期" hint="服务到期后不再显示实时数据；不填为不限">
          <Input type="date" value={expiryDate} onChange={(_, e) => setExpiryDate(e.value)} />
        </Field>
      </FormDialog>
    );
  };
}
