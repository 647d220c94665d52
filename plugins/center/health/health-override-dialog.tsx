import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, Radio, RadioGroup, Select, Text, tokens,
} from '@fluentui/react-components';
import { expectOk, HttpService, Input, resolveHealthLimits, useService, type HealthLimits } from '@tianlu/sdk';
import { HealthLimitFields } from './health-limit-fields';
import { HealthSettingsPaths, readLimits, toLimitForm, type HealthOverride, type HealthOverrideList, type HealthPerson, type LimitErrors } from './health-limit-form';

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: '94vw' },
  body: { display: 'flex', flexDirection: 'column', gap: '12px' },
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
  const http = useService<HttpService>(HttpService);
  const e = props.editing;
  const [scope, setScope] = useState<'department' | 'person'>(e?.scope ?? 'department');
  const [department, setDepartment] = useState(e?.scope === 'department' ? e.department : (props.list.departments[0] ?? ''));
  const [keyword, setKeyword] = useState('');
  const [people, setPeople] = useState<HealthPerson[]>(e?.scope === 'person' ? [{ id: e.vehicleId!, name: e.name, employeeNo: e.employeeNo, department: e.department }] : []);
  const [personId, setPersonId] = useState(e?.vehicleId ? String(e.vehicleId) : '');
  const [form, setForm] = useState(toLimitForm(e?.limits ?? {}));
  const [errors, setErrors] = useState<LimitErrors>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (scope !== 'person' || e) return;
    let live = true;
    const timer = setTimeout(() => {
      http.get<HealthPerson[]>(HealthSettingsPaths.people, keyword.trim() ? { keyword: keyword.trim() } : {}).then(
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

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setError(undefined);
    const read = readLimits(form, false, inherited);
    setErrors(read.errors);
    if (Object.keys(read.errors).length) return;
    if (Object.keys(read.limits).length === 0) return setError('请至少填写一项阈值');
    if (scope === 'department' && !department) return setError('请选择部门');
    if (scope === 'person' && !personId) return setError('请选择人员');
    setBusy(true);
    try {
      const target = scope === 'department' ? { department } : { vehicleId: Number(personId) };
      expectOk(await http.postJson(HealthSettingsPaths.saveOverride, { ...target, limits: read.limits }));
      props.onSaved();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const title = `${e ? '编辑' : '添加'}${scope === 'department' ? '部门' : '人员'}阈值`;
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface className={s.surface} aria-label={title}>
        <form onSubmit={(ev) => void submit(ev)}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={s.body}>
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
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={props.onClose}>取消</Button>
              <Button appearance="primary" type="submit" disabled={busy}>保存</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
