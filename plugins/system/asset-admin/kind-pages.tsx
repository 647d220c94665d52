import { makeStyles, tokens } from '@fluentui/react-components';
import { ASSET_KIND_DEFINITIONS, groupColumnLabel, profileText, type AssetKind, type DataTableColumn } from '@tianlu/sdk';
import type { AssetPageKind } from './asset-admin-page';
import type { VehicleRow } from './asset-api';
import { profileDialog } from './profile-dialog';

const useStyles = makeStyles({
  photo: { width: '28px', height: '28px', objectFit: 'cover', borderRadius: '50%', verticalAlign: 'middle', border: `1px solid ${tokens.colorNeutralStroke2}` },
});

function Photo(props: { url: string | number | undefined; name: string }) {
  const s = useStyles();
  return props.url ? <img className={s.photo} src={String(props.url)} alt={`${props.name}的照片`} /> : <>—</>;
}

const PLACEHOLDERS: Record<Exclude<AssetKind, 'vehicle'>, string> = {
  person: '姓名、工号、部门或手机号',
  pet: '宠物名、品种或主人手机号',
  ebike: '车牌号、车架号、电机号或品牌',
};

/** The page of people, pets or e-bikes: a column per field of the kind (the photo first), its import columns and dialog. */
export function kindPage(kind: Exclude<AssetKind, 'vehicle'>): AssetPageKind {
  const d = ASSET_KIND_DEFINITIONS[kind];
  const photo = d.fields.find((f) => f.type === 'photo');
  const fields = d.fields.filter((f) => f.type !== 'photo');
  const columns: DataTableColumn<VehicleRow>[] = [
    ...(photo ? [{ key: 'photo', title: photo.label, width: 56, render: (v: VehicleRow) => <Photo url={v.profile[photo.key]} name={v.plateNo} /> }] : []),
    ...fields.map((f) => ({ key: f.key, title: f.label, width: f.type === 'phone' ? 110 : 90, render: (v: VehicleRow) => profileText(f, v.profile[f.key]) || '—' })),
  ];
  return {
    kind,
    columns,
    importColumns: [{ key: 'plateNo', title: d.nameLabel }, ...fields.map((f) => ({ key: f.key, title: f.label })), { key: 'group', title: groupColumnLabel(kind) }, { key: 'expiryDate', title: '到期日期' }],
    placeholder: PLACEHOLDERS[kind],
    Dialog: profileDialog(kind),
  };
}
