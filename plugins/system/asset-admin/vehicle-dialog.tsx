import { useState } from 'react';
import { Field, Select } from '@fluentui/react-components';
import { FormDialog, Input } from '@tianlu/sdk';
import type { AssetDialogProps } from './asset-admin-page';
import { useAssetOwner } from './asset-owner';

const DEFAULT_COLORS = [
  { code: 1, name: '蓝色' }, { code: 2, name: '黄色' }, { code: 3, name: '黑色' }, { code: 4, name: '白色' }, { code: 5, name: '绿色' }, { code: 9, name: '其他' }, { code: 0, name: '未上牌' },
];

/** 新增车辆 / 编辑车辆. The server checks every field and answers in Chinese; its message shows in the dialog. */
export function VehicleDialog(props: AssetDialogProps) {
  const v = props.asset;
  const owner = useAssetOwner(props);
  const [plateNo, setPlateNo] = useState(v?.plateNo ?? '');
  const [plateColor, setPlateColor] = useState(String(v?.plateColor ?? 1));
  const assetKind = v?.assetKind ?? 'vehicle';
  const [vehicleType, setVehicleType] = useState(v?.vehicleType ?? '');
  const [vin, setVin] = useState(v?.vin ?? '');
  const [driver, setDriver] = useState(v?.driver ?? '');
  const [expiryDate, setExpiryDate] = useState(v?.expiryDate ?? '');
  const [speedLimit, setSpeedLimit] = useState(v?.speedLimit == null ? '' : String(v.speedLimit));

  const submit = async () => {
    const fields = { plateNo: plateNo.trim(), plateColor: Number(plateColor), assetKind, vehicleType, vin: vin.trim(), driver, groupId: owner.groupId ?? null, expiryDate, speedLimit: speedLimit.trim() || null };
    props.onSaved(await owner.save(fields));
  };

  return (
    <FormDialog title={v ? '编辑车辆' : '新增车辆'} onSubmit={submit} onClose={props.onClose}>
      {owner.tenantPicker}
      <Field label="车牌号" required hint="例如 京A12345">
        <Input value={plateNo} maxLength={20} onChange={(_, d) => setPlateNo(d.value)} />
      </Field>
      <Field label="车牌颜色">
        <Select value={plateColor} onChange={(_, d) => setPlateColor(d.value)}>
          {(props.options.plateColors ?? DEFAULT_COLORS).map((c) => (
            <option key={c.code} value={String(c.code)}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="车辆类型">
        <Input value={vehicleType} maxLength={50} onChange={(_, d) => setVehicleType(d.value)} />
      </Field>
      <Field label="车架号（VIN）" hint="17 位字母或数字，可不填">
        <Input value={vin} maxLength={17} onChange={(_, d) => setVin(d.value)} />
      </Field>
      <Field label="司机">
        <Input value={driver} maxLength={50} onChange={(_, d) => setDriver(d.value)} />
      </Field>
      {owner.groupPicker('车组')}
      <Field label="到期日期" hint="服务到期后不再显示实时数据；不填为不限">
        <Input type="date" value={expiryDate} onChange={(_, d) => setExpiryDate(d.value)} />
      </Field>
      <Field label="限速（km/h）" hint="本车的平台超速限速，1–250；不填则按告警设置">
        <Input type="number" min={1} max={250} step={1} value={speedLimit} onChange={(_, d) => setSpeedLimit(d.value)} />
      </Field>
    </FormDialog>
  );
}
