import { useEffect, useState } from 'react';
import { Checkbox, Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { AttendanceApi, chinaDay, expectOk, FormDialog, HttpService, Input, useService } from '@tianlu/sdk';
import { errorText, WEEKDAY_NAMES, type ShiftOptions, type WorkArea, type WorkShift } from './attendance-api';
import { DepartmentPicker, PeoplePicker } from './member-picker';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px 16px' },
  wide: { gridColumn: '1 / -1' },
  days: { display: 'flex', flexWrap: 'wrap' },
  row3: { gridColumn: '1 / -1', display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: '8px 16px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

/**
 * 新增班次 / 编辑班次: the work area, 上班 and 下班 times (a 下班 before 上班 is a night shift, counted on the
 * day it starts), grace minutes (for late arrival and early leave), working days, the departments and
 * the people (found by search) it applies to, and the day new bindings start (no absence before it).
 */
export function ShiftDialog(props: { shift?: WorkShift; areas: WorkArea[]; onSaved: () => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const w = props.shift;
  const [name, setName] = useState(w?.name ?? '');
  const [areaId, setAreaId] = useState(String(w?.workAreaId ?? props.areas[0]?.id ?? ''));
  const [start, setStart] = useState(w?.startTime ?? '09:00');
  const [end, setEnd] = useState(w?.endTime ?? '18:00');
  const [grace, setGrace] = useState(String(w?.graceMinutes ?? 5));
  const [weekdays, setWeekdays] = useState<number[]>(w?.weekdays ?? [1, 2, 3, 4, 5]);
  const [people, setPeople] = useState<number[]>(w?.vehicleIds ?? []);
  const [departments, setDepartments] = useState<string[]>(w?.departments ?? []);
  const [startsOn, setStartsOn] = useState(chinaDay());
  const [options, setOptions] = useState<ShiftOptions>({ people: [], departments: [] });
  // the people and departments to pick from; a failure to load them is said above the buttons
  const [loadError, setLoadError] = useState<string>();

  useEffect(() => {
    http.call(AttendanceApi.shiftOptions).then((res) => setOptions(expectOk(res)), (e: unknown) => setLoadError(errorText(e)));
  }, [http]);

  const submit = async () => {
    const body = {
      ...(w && { id: w.id }), name, workAreaId: Number(areaId), startTime: start, endTime: end,
      graceMinutes: grace.trim() === '' ? 0 : Number(grace), weekdays, vehicleIds: people, departments, startsOn,
    };
    expectOk(await http.call(AttendanceApi.saveShift, body));
    props.onSaved();
  };

  return (
    <FormDialog title={w ? '编辑班次' : '新增班次'} width={720} onSubmit={submit} onClose={props.onClose}>
      <div className={s.grid}>
        <Field label="班次名称" required>
          <Input value={name} maxLength={50} onChange={(_, d) => setName(d.value)} />
        </Field>
        <Field label="考勤区域" required>
          <Select value={areaId} onChange={(_, d) => setAreaId(d.value)}>
            {props.areas.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
          </Select>
        </Field>
        <Field label="上班时间" required>
          <Input type="time" value={start} onChange={(_, d) => setStart(d.value)} />
        </Field>
        <Field label="下班时间" required hint={end && start && end < start ? '次日下班：跨零点的夜班，算作上班那天' : undefined}>
          <Input type="time" value={end} onChange={(_, d) => setEnd(d.value)} />
        </Field>
        <div className={s.row3}>
          <Field label="宽限分钟" hint="迟到和早退都按它放宽，0 到 120">
            <Input value={grace} inputMode="numeric" onChange={(_, d) => setGrace(d.value)} />
          </Field>
          <Field label="新绑定生效日期" hint="此前不计缺勤；已绑定的保持原日期">
            <Input type="date" value={startsOn} onChange={(_, d) => setStartsOn(d.value)} />
          </Field>
        </div>
        <div className={s.wide} role="group" aria-label="工作日">
          <Text weight="semibold">工作日</Text>
          <div className={s.days}>
            {WEEKDAY_NAMES.map((n, i) => (
              <Checkbox key={n} label={n} checked={weekdays.includes(i + 1)} onChange={(_, d) => setWeekdays((v) => toggle(v, i + 1, Boolean(d.checked)).sort((a, b) => a - b))} />
            ))}
          </div>
        </div>
        <DepartmentPicker departments={options.departments} value={departments} onChange={setDepartments} />
        <PeoplePicker people={options.people} value={people} onChange={setPeople} />
      </div>
      {loadError && <Text role="alert" className={s.error}>{loadError}</Text>}
    </FormDialog>
  );
}
