import { useState } from 'react';
import { Badge, Checkbox, Field, makeStyles, Text } from '@fluentui/react-components';
import { checkGbCompliance, expectOk, FormDialog, GB_LIMITS, HttpService, Input, useService } from '@tianlu/sdk';
import { ElecGbApi, type Declaration } from './gb-api';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px 16px' },
  verdict: { gridColumn: '1 / -1', display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
});

type Text = 'ownerName' | 'ownerPhone' | 'brand' | 'model' | 'frameNo' | 'motorNo' | 'plateNo' | 'color' | 'designSpeed' | 'mass' | 'motorPower';

const FIELDS: { key: Text; label: string; max: number; required?: boolean; hint?: string; number?: boolean }[] = [
  { key: 'ownerName', label: '车主姓名', max: 20, required: true },
  { key: 'ownerPhone', label: '车主手机号', max: 11 },
  { key: 'brand', label: '品牌', max: 30, required: true },
  { key: 'model', label: '型号', max: 30 },
  { key: 'frameNo', label: '车架号', max: 30, required: true, hint: '字母、数字或 - _' },
  { key: 'motorNo', label: '电机号', max: 30 },
  { key: 'plateNo', label: '号牌', max: 20 },
  { key: 'color', label: '颜色', max: 10 },
  { key: 'designSpeed', label: '最高设计车速（km/h）', max: 6, required: true, number: true, hint: `新国标不超过 ${GB_LIMITS.designSpeed} km/h` },
  { key: 'mass', label: '整车质量（含电池，kg）', max: 6, required: true, number: true, hint: `新国标不超过 ${GB_LIMITS.mass} kg` },
  { key: 'motorPower', label: '电机功率（W）', max: 5, required: true, number: true, hint: `新国标不超过 ${GB_LIMITS.motorPower} W` },
];

/**
 * 新增备案 / 编辑备案: the owner, the e-bike and its specification; the verdict against GB
 * 17761-2018 is shown while typing, and the server judges again when it stores the record.
 */
export function DeclarationDialog(props: { record?: Declaration; onSaved: (d: Declaration) => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const r = props.record;
  const [values, setValues] = useState<Record<Text, string>>(
    Object.fromEntries(FIELDS.map((f) => [f.key, r ? String(r[f.key]) : ''])) as Record<Text, string>,
  );
  const [pedals, setPedals] = useState(r?.pedals ?? true);
  const numbers = { designSpeed: Number(values.designSpeed), mass: Number(values.mass), motorPower: Number(values.motorPower) };
  const filled = values.designSpeed !== '' && values.mass !== '' && values.motorPower !== '' && Object.values(numbers).every(Number.isFinite);
  const verdict = filled ? checkGbCompliance({ ...numbers, pedals }) : undefined;

  const save = async () => {
    const body = { ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])), pedals };
    const saved = expectOk(await (r ? http.call(ElecGbApi.update, { id: r.id, ...body }) : http.call(ElecGbApi.add, body)));
    props.onSaved(saved);
  };

  return (
    <FormDialog title={r ? '编辑备案' : '新增备案'} width={720} onSubmit={save} onClose={props.onClose}>
      <div className={s.grid}>
        {FIELDS.map((f) => (
          <Field key={f.key} label={f.label} required={f.required} hint={f.hint}>
            <Input value={values[f.key]} maxLength={f.max} inputMode={f.number ? 'decimal' : undefined} onChange={(_, d) => setValues((v) => ({ ...v, [f.key]: d.value }))} />
          </Field>
        ))}
        <Checkbox label="有脚踏骑行功能" checked={pedals} onChange={(_, d) => setPedals(Boolean(d.checked))} />
        <div className={s.verdict} aria-live="polite">
          {verdict === undefined ? (
            <Text>填写车速、质量和功率后显示合规判定</Text>
          ) : verdict.compliant ? (
            <Badge color="success" appearance="tint">合规</Badge>
          ) : (
            <>
              <Badge color="danger" appearance="tint">不合规</Badge>
              <Text>{verdict.reasons.join('；')}</Text>
            </>
          )}
        </div>
      </div>
    </FormDialog>
  );
}
