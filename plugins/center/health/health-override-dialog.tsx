import { useEffect, useMemo, useState } from 'react';
import { Field, makeStyles, Radio, RadioGroup, Select, Text, tokens } from '@fluentui/react-components';
import { expectOk, FormDialog, HttpService, Input, resolveHealthLimits, useService, type HealthLimits } from '@tianlu/sdk';
import { HealthLimitFields } from './health-limit-fields';
import { HealthSettingsApi, readLimits, toLimitForm, type HealthOverride, type HealthOverrideList, type HealthPerson, type LimitErrors } from './health-limit-form';

const useStyles = makeStyles({
  target: { display: 'flex', gap: '12px', alignItems: 'flex-end', flexWrap: 'wrap' },
  pick: { minWidth: '240px' },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const errorText = (e: unknown) => (e instanceof Error ? e.message : '网络异常');

/**
 * 添加/编辑 a department's or a person's own limits: choose the department or search the person, then
 * fill only the limits that differ; a blank field keeps what comes from above (shown as its placeholder).
 */
export function HealthOverrideDialog(props: { list: HealthOverrideList; editing?: HealthOverride; onSaved: () => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const e = props.editing;
  const [scope, setScope] = useState<'department' | 'person'>(e?.scope ?? 'department');
  const [department, setDepartment] = useState(e?.scope === 'department' ? e.department : (props.list.departments[0] ?? ''));
  const [keyword, setKeyword] = useState('');
  const [people, setPeople] = useState<HealthPerson[]>(e?.scope === 'person' ? [{ id: e.vehicleId!, name: e.name, employeeNo: e.employeeNo, department: e.department }] : []);
  const [personId, setPersonId] = useState(e?.vehicleId ? String(e.vehicleId) : '');
  const [form, setForm] = useState(toLimitForm(e?.limits ?? {}));
  const [errors, setErrors] = useState<LimitErrors>({});
  // a failed search for people (a refused save shows in the dialog's own error line)
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (scope !== 'person' || e) return;
    let live = true;
    const timer = setTimeout(() => {
      http.call(HealthSettingsApi.people, keyword.trim() ? { keyword: keyword.trim() } : {}).then(
        (res) => {
          if (!live) return;
          const found = expectOk(res);
          setPeople(found);
          setPersonId((id) => (found.some((p) => String(p.id) === id) ? id : String(found[0]?.id ?? '')));
        },
        (err: unknown) => live && setError(errorText(err)),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [http, scope, keyword, e]);

  /** What the blanks inherit: the tenant's, and for a person their department's own. */
  const inherited = useMemo((): HealthLimits => {
    const tenant = resolveHealthLimits(props.list.tenant);
    const dept = scope === 'department' ? undefined : people.find((p) => String(p.id) === personId)?.department.trim();
    const own = dept ? props.list.overrides.find((o) => o.scope === 'department' && o.department === dept) : undefined;
    return resolveHealthLimits(tenant, own?.limits);
  }, [props.list, scope, people, personId]);

  const submit = async () => {
    setError(undefined);
    const read = readLimits(form, false, inherited);
    setErrors(read.errors);
    // each field already says what is wrong with it
    if (Object.keys(read.errors).length) return false;
    if (Object.keys(read.limits).length === 0) throw new Error('请至少填写一项阈值');
    if (scope === 'department' && !department) throw new Error('请选择部门');
    if (scope === 'person' && !personId) throw new Error('请选择人员');
    const target = scope === 'department' ? { department } : { vehicleId: Number(personId) };
    expectOk(await http.call(HealthSettingsApi.saveOverride, { ...target, limits: read.limits }));
    props.onSaved();
  };

  return (
    <FormDialog title={`${e ? '编辑' : '添加'}${scope === 'department' ? '部门' : '人员'}阈值`} width={720} onSubmit={submit} onClose={props.onClose}>
      {!e && (
        <RadioGroup layout="horizontal" value={scope} onChange={(_, d) => setScope(d.value as 'department' | 'person')} aria-label="适用对象">
          <Radio value="department" label="部门" />
          <Radio value="person" label="人员" />
        </RadioGroup>
      )}
      <div className={s.target}>
        {scope === 'department' ? (
          <Field label="部门">
            <Select className={s.pick} value={department} disabled={!!e} onChange={(_, d) => setDepartment(d.value)}>
              {(e ? [department] : props.list.departments).map((d) => <option key={d} value={d}>{d}</option>)}
            </Select>
          </Field>
        ) : (
          <>
            {!e && (
              <Field label="查找人员">
                <Input maxLength={50} value={keyword} placeholder="姓名、工号或部门" onChange={(_, d) => setKeyword(d.value)} />
              </Field>
            )}
            <Field label="人员">
              <Select className={s.pick} value={personId} disabled={!!e} onChange={(_, d) => setPersonId(d.value)}>
                {people.length === 0 && <option value="">没有找到人员</option>}
                {people.map((p) => <option key={p.id} value={p.id}>{`${p.name}${p.employeeNo ? `（${p.employeeNo}）` : ''}${p.department ? ` · ${p.department}` : ''}`}</option>)}
              </Select>
            </Field>
          </>
        )}
      </div>
      <Text className={s.hint}>只填写需要单独设置的项；留空的项沿用{scope === 'person' ? '所在部门或本租户' : '本租户'}的设置。</Text>
      <HealthLimitFields form={form} errors={errors} inherited={inherited} onChange={setForm} />
      {error && <Text role="alert" className={s.error}>{error}</Text>}
    </FormDialog>
  );
}
