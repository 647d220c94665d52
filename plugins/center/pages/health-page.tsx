import { useState } from 'react';
import { Button, Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ConfirmDelete, expectOk, type HealthThreshold, HttpService, Input, PageSection, ToastService, useService } from '@tianlu/sdk';
import { failureText, LoadState, SettingsActions, useSettingsForm } from '../components/settings-form';
import { HealthLimitFields } from '../health/health-limit-fields';
import { describeLimits, HealthSettingsApi, readLimits, toLimitForm, type HealthOverride, type HealthOverrideList, type LimitErrors, type LimitForm } from '../health/health-limit-form';
import { HealthOverrideDialog } from '../health/health-override-dialog';
import { readHealthOverrides } from '../health/health-query';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '10px' },
  head: { display: 'flex', alignItems: 'center', gap: '8px' },
  grow: { flex: 1 },
  actions: { display: 'flex', gap: '8px' },
  list: { display: 'flex', flexDirection: 'column', maxHeight: '240px', overflowY: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  row: { display: 'grid', gridTemplateColumns: '64px minmax(120px, 200px) 1fr auto', alignItems: 'center', gap: '12px', padding: '6px 12px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  muted: { color: tokens.colorNeutralForeground3 },
});

type TenantForm = LimitForm & { stepGoal: string };
const toTenantForm = (t: HealthThreshold): TenantForm => ({ ...toLimitForm(t), stepGoal: String(t.stepGoal) });

/** The tenant's limits and step goal as typed, or the message of each bad field. */
export function readTenantForm(form: TenantForm): { value?: HealthThreshold; errors: LimitErrors } {
  const { limits, errors } = readLimits(form, true);
  const steps = form.stepGoal.trim();
  if (!/^\d+$/.test(steps)) errors.stepGoal = steps ? '步数目标必须是整数' : '请输入步数目标';
  else if (Number(steps) > 100000) errors.stepGoal = '步数目标应在 0~100000 之间';
  if (Object.keys(errors).length) return { errors };
  return { value: { ...(limits as HealthThreshold), stepGoal: Number(steps) }, errors };
}

/**
 * 健康设置: the tenant's limits of heart rate, blood pressure, SpO₂ and body temperature and its step
 * goal, and the departments and people with limits of their own (a person's over their department's
 * over the tenant's, field by field).
 */
export default function HealthPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const [dialog, setDialog] = useState<{ editing?: HealthOverride }>();
  const [deleting, setDeleting] = useState<HealthOverride>();
  const readList = () => readHealthOverrides(http);
  const settings = useSettingsForm<HealthOverrideList, TenantForm, LimitErrors>({
    load: readList,
    toForm: (next) => toTenantForm(next.tenant),
    check: (form) => readTenantForm(form).errors,
    save: async (form) => {
      expectOk(await http.call(HealthSettingsApi.update, readTenantForm(form).value!));
      return readList();
    },
  });
  const { saved: list, form, setForm, errors } = settings;

  /** Reads the overrides again after one is added, changed or deleted; the tenant's form stays as typed. */
  const reload = async () => {
    try {
      settings.show(await readList(), true);
    } catch (e) {
      settings.setServerError(failureText(e));
    }
  };

  const remove = async (o: HealthOverride) => {
    setDeleting(undefined);
    try {
      expectOk(await http.call(HealthSettingsApi.deleteOverride, { id: o.id }));
      toast.show('已删除', 'success');
      await reload();
    } catch (e) {
      settings.setServerError(failureText(e));
    }
  };

  return (
    <PageSection title="健康设置">
      <LoadState error={settings.serverError} loading={!list} />
      {list && form && (
        <>
          <section className={s.section} aria-label="本租户阈值">
            <Text weight="semibold">本租户阈值</Text>
            <HealthLimitFields
              form={form}
              errors={errors}
              onChange={(next) => setForm({ ...form, ...next })}
              extra={
                <Field label="步数目标（步）" validationMessage={errors.stepGoal} validationState={errors.stepGoal ? 'error' : 'none'}>
                  <Input maxLength={6} inputMode="numeric" value={form.stepGoal} onChange={(_, d) => setForm({ ...form, stepGoal: d.value })} />
                </Field>
              }
            />
            <SettingsActions form={settings} />
          </section>
          <section className={s.section} aria-label="部门和人员阈值">
            <div className={s.head}>
              <Text weight="semibold" className={s.grow}>部门和人员阈值</Text>
              <Button onClick={() => setDialog({})}>添加</Button>
            </div>
            <Text size={200} className={s.muted}>个人设置优先于部门设置，部门设置优先于本租户设置；未设置的项逐项沿用上级。</Text>
            {list.overrides.length === 0 ? (
              <Text className={s.muted}>尚未为部门或人员单独设置阈值</Text>
            ) : (
              <div className={s.list} role="list" aria-label="单独设置的阈值">
                {list.overrides.map((o) => (
                  <div key={o.id} className={s.row} role="listitem" aria-label={`${o.scope === 'department' ? '部门' : '人员'} ${o.name}`}>
                    <Text>{o.scope === 'department' ? '部门' : '人员'}</Text>
                    <Text truncate wrap={false} title={o.scope === 'person' && o.department ? `${o.name} · ${o.department}` : o.name}>
                      {o.scope === 'person' ? `${o.name}${o.employeeNo ? `（${o.employeeNo}）` : ''}` : o.name}
                    </Text>
                    <Text size={200}>{describeLimits(o.limits)}</Text>
                    <div className={s.actions}>
                      <Button size="small" appearance="subtle" onClick={() => setDialog({ editing: o })}>编辑</Button>
                      <Button size="small" appearance="subtle" onClick={() => setDeleting(o)}>删除</Button>
                    </div>
                  </div>
                ))}
              </div>
            )}
          </section>
        </>
      )}
      {list && dialog && (
        <HealthOverrideDialog
          list={list}
          editing={dialog.editing}
          onClose={() => setDialog(undefined)}
          onSaved={() => {
            setDialog(undefined);
            toast.show('保存成功', 'success');
            void reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title="删除阈值"
          text={`删除${deleting.scope === 'department' ? '部门' : '人员'}“${deleting.name}”的单独阈值？删除后沿用上级设置。`}
          onConfirm={() => void remove(deleting)}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </PageSection>
  );
}
