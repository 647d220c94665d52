import { useEffect, useState } from 'react';
import { Button, Field, makeStyles, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { expectOk, HttpService, Input, ToastService, useService } from '@tianlu/sdk';
import { PageFrame } from '../components/page-frame';

interface HealthThreshold {
  heartRateMin: number;
  heartRateMax: number;
  temperatureMax: number;
  stepGoal: number;
}
type FormValues = Record<keyof HealthThreshold, string>;

const GET_PATH = '/car/v4/api/health/threshold/getHealthThreshold.json';
const UPDATE_PATH = '/car/v4/api/health/threshold/updateHealthThreshold.json';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 260px))', gap: '16px 32px' },
  actions: { display: 'flex', gap: '8px' },
});

/** Field rules as the server checks them; messages in Chinese. */
export function validateHealth(v: FormValues): Partial<Record<keyof HealthThreshold, string>> {
  const errors: Partial<Record<keyof HealthThreshold, string>> = {};
  const int = (s: string) => (/^-?\d+$/.test(s.trim()) ? Number(s) : NaN);
  const min = int(v.heartRateMin);
  const max = int(v.heartRateMax);
  const temp = Number(v.temperatureMax.trim() === '' ? NaN : v.temperatureMax);
  const steps = int(v.stepGoal);
  if (Number.isNaN(min)) errors.heartRateMin = '请输入心率下限（整数）';
  else if (min < 20 || min > 250) errors.heartRateMin = '心率下限应在 20~250 之间';
  if (Number.isNaN(max)) errors.heartRateMax = '请输入心率上限（整数）';
  else if (max < 20 || max > 250) errors.heartRateMax = '心率上限应在 20~250 之间';
  if (!errors.heartRateMin && !errors.heartRateMax && min >= max) errors.heartRateMax = '心率下限必须小于心率上限';
  if (Number.isNaN(temp)) errors.temperatureMax = '请输入体温上限';
  else if (temp < 35 || temp > 42) errors.temperatureMax = '体温上限应在 35~42 ℃ 之间';
  if (Number.isNaN(steps)) errors.stepGoal = '请输入步数目标（整数）';
  else if (steps < 0 || steps > 100000) errors.stepGoal = '步数目标应在 0~100000 之间';
  return errors;
}

const FIELDS: { key: keyof HealthThreshold; label: string; unit: string }[] = [
  { key: 'heartRateMin', label: '心率下限', unit: '次/分' },
  { key: 'heartRateMax', label: '心率上限', unit: '次/分' },
  { key: 'temperatureMax', label: '体温上限', unit: '℃' },
  { key: 'stepGoal', label: '步数目标', unit: '步' },
];

const toForm = (t: HealthThreshold): FormValues => ({
  heartRateMin: String(t.heartRateMin),
  heartRateMax: String(t.heartRateMax),
  temperatureMax: String(t.temperatureMax),
  stepGoal: String(t.stepGoal),
});

/** 健康设置: the tenant's health thresholds. */
export default function HealthPage() {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const toast = useService<ToastService>(ToastService);
  const [saved, setSaved] = useState<HealthThreshold>();
  const [values, setValues] = useState<FormValues>();
  const [errors, setErrors] = useState<ReturnType<typeof validateHealth>>({});
  const [serverError, setServerError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    http
      .get<HealthThreshold>(GET_PATH)
      .then((res) => {
        const t = expectOk(res);
        setSaved(t);
        setValues(toForm(t));
      })
      .catch((e: unknown) => setServerError(e instanceof Error ? e.message : '网络异常'));
  }, [http]);

  const save = async () => {
    if (!values) return;
    const found = validateHealth(values);
    setErrors(found);
    setServerError(undefined);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const body: HealthThreshold = {
        heartRateMin: Number(values.heartRateMin),
        heartRateMax: Number(values.heartRateMax),
        temperatureMax: Number(values.temperatureMax),
        stepGoal: Number(values.stepGoal),
      };
      const next = expectOk(await http.postJson<HealthThreshold>(UPDATE_PATH, body));
      setSaved(next);
      setValues(toForm(next));
      toast.show('保存成功', 'success');
    } catch (e) {
      setServerError(e instanceof Error ? e.message : '网络异常');
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageFrame title="健康设置">
      {serverError && (
        <MessageBar intent="error">
          <MessageBarBody>{serverError}</MessageBarBody>
        </MessageBar>
      )}
      {!values && !serverError && <Spinner size="small" />}
      {values && (
        <>
          <div className={s.form}>
            {FIELDS.map((f) => (
              <Field key={f.key} label={`${f.label}（${f.unit}）`} validationMessage={errors[f.key]} validationState={errors[f.key] ? 'error' : 'none'}>
                <Input maxLength={10} value={values[f.key]} inputMode="decimal" onChange={(_, d) => setValues({ ...values, [f.key]: d.value })} />
              </Field>
            ))}
          </div>
          <div className={s.actions}>
            <Button appearance="primary" disabled={saving} onClick={() => void save()}>
              保存
            </Button>
            <Button
              disabled={saving || !saved}
              onClick={() => {
                if (saved) setValues(toForm(saved));
                setErrors({});
              }}
            >
              重置
            </Button>
          </div>
        </>
      )}
    </PageFrame>
  );
}
