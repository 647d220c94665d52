import { useCallback, useEffect, useState } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';
import { AddRegular, CalendarLtrRegular, ClipboardTaskListLtrRegular } from '@fluentui/react-icons';
import { AttendanceApi, ConfirmDelete, DataTable, type DataTableColumn, expectOk, HttpService, PageSection, ToastService, useService } from '@tianlu/sdk';
import { errorText, WEEKDAY_NAMES, type WorkArea, type WorkShift } from '../attendance/attendance-api';
import { HolidayDialog } from '../attendance/holiday-dialog';
import { LeavePunchDialog } from '../attendance/leave-punch-dialog';
import { ShiftDialog } from '../attendance/shift-dialog';
import { WorkAreaDialog } from '../attendance/work-area-dialog';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px' },
  ops: { display: 'flex', gap: '4px' },
});

type Editing =
  | { kind: 'area'; area?: WorkArea }
  | { kind: 'shift'; shift?: WorkShift }
  | { kind: 'deleteArea'; area: WorkArea }
  | { kind: 'deleteShift'; shift: WorkShift }
  | { kind: 'holidays' }
  | { kind: 'records' };

const weekdaysText = (days: number[]) => (days.length === 7 ? '每天' : days.map((d) => WEEKDAY_NAMES[d - 1]).join('、'));

/**
 * /card/attendance 考勤管理 (menu 1103): work areas and the shifts people and departments keep at them, the
 * tenant's 节假日 calendar, and the 请假 and 补卡 the reports honour.
 */
export default function AttendancePage() {
  const s = useStyles();
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const [areas, setAreas] = useState<WorkArea[]>();
  const [shifts, setShifts] = useState<WorkShift[]>();
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState<Editing>();

  const load = useCallback(async () => {
    try {
      const [a, w] = await Promise.all([http.call(AttendanceApi.areas), http.call(AttendanceApi.shifts)]);
      setAreas(expectOk(a));
      setShifts(expectOk(w));
      setError(undefined);
    } catch (e) {
      setError(errorText(e));
    }
  }, [http]);
  useEffect(() => void load(), [load]);

  const saved = (msg: string) => {
    setEditing(undefined);
    toast.show(msg, 'success');
    void load();
  };
  const remove = async (contract: typeof AttendanceApi.removeArea | typeof AttendanceApi.removeShift, id: number, msg: string) => {
    try {
      expectOk(await http.call(contract, { id }));
      saved(msg);
    } catch (e) {
      setEditing(undefined);
      toast.show(errorText(e), 'error');
    }
  };

  const areaName = (id: number) => areas?.find((a) => a.id === id)?.name ?? '—';
  const areaColumns: DataTableColumn<WorkArea>[] = [
    { key: 'name', title: '区域名称', width: 160, render: (a) => a.name },
    { key: 'center', title: '圆心（经度, 纬度）', width: 200, render: (a) => `${a.center[0].toFixed(6)}, ${a.center[1].toFixed(6)}` },
    { key: 'radius', title: '半径（米）', width: 100, align: 'right', render: (a) => a.radius },
    {
      key: 'ops', title: '操作', width: 120, render: (a) => (
        <span className={s.ops}>
          <Button size="small" appearance="subtle" onClick={() => setEditing({ kind: 'area', area: a })}>编辑</Button>
          <Button size="small" appearance="subtle" onClick={() => setEditing({ kind: 'deleteArea', area: a })}>删除</Button>
        </span>
      ),
    },
  ];
  const shiftColumns: DataTableColumn<WorkShift>[] = [
    { key: 'name', title: '班次名称', width: 120, render: (w) => w.name },
    { key: 'area', title: '考勤区域', width: 120, render: (w) => areaName(w.workAreaId) },
    { key: 'time', title: '上下班时间', width: 120, render: (w) => `${w.startTime}–${w.endTime <= w.startTime ? '次日' : ''}${w.endTime}` },
    { key: 'grace', title: '宽限', width: 70, render: (w) => `${w.graceMinutes} 分钟` },
    { key: 'days', title: '工作日', width: 190, render: (w) => weekdaysText(w.weekdays) },
    { key: 'bound', title: '绑定', render: (w) => [...w.departments, w.vehicleIds.length ? `${w.vehicleIds.length} 人` : ''].filter(Boolean).join('、') || '—' },
    {
      key: 'ops', title: '操作', width: 120, render: (w) => (
        <span className={s.ops}>
          <Button size="small" appearance="subtle" onClick={() => setEditing({ kind: 'shift', shift: w })}>编辑</Button>
          <Button size="small" appearance="subtle" onClick={() => setEditing({ kind: 'deleteShift', shift: w })}>删除</Button>
        </span>
      ),
    },
  ];

  return (
    <div className={s.page}>
      <PageSection title="考勤区域" error={error} tools={<Button icon={<AddRegular />} onClick={() => setEditing({ kind: 'area' })}>新增区域</Button>}>
        <DataTable label="考勤区域" rows={areas ?? []} columns={areaColumns} rowKey={(a) => String(a.id)} height={200} rowHeight={36} empty={areas ? '还没有考勤区域' : '加载中…'} />
      </PageSection>
      <PageSection
        title="班次"
        tools={
          <span className={s.ops}>
            <Button icon={<CalendarLtrRegular />} onClick={() => setEditing({ kind: 'holidays' })}>节假日</Button>
            <Button icon={<ClipboardTaskListLtrRegular />} onClick={() => setEditing({ kind: 'records' })}>请假与补卡</Button>
            <Button icon={<AddRegular />} disabled={!areas?.length} onClick={() => setEditing({ kind: 'shift' })}>新增班次</Button>
          </span>
        }
      >
        <DataTable label="班次" rows={shifts ?? []} columns={shiftColumns} rowKey={(w) => String(w.id)} height={240} rowHeight={36} empty={shifts ? '还没有班次' : '加载中…'} />
      </PageSection>
      {editing?.kind === 'area' && <WorkAreaDialog area={editing.area} areas={areas} shifts={shifts} onSaved={() => saved('考勤区域已保存')} onClose={() => setEditing(undefined)} />}
      {editing?.kind === 'shift' && <ShiftDialog shift={editing.shift} areas={areas ?? []} onSaved={() => saved('班次已保存')} onClose={() => setEditing(undefined)} />}
      {editing?.kind === 'holidays' && <HolidayDialog onClose={() => setEditing(undefined)} />}
      {editing?.kind === 'records' && <LeavePunchDialog onClose={() => setEditing(undefined)} />}
      {editing?.kind === 'deleteArea' && (
        <ConfirmDelete
          title="删除考勤区域"
          text={`删除考勤区域“${editing.area.name}”及其班次？`}
          onConfirm={() => void remove(AttendanceApi.removeArea, editing.area.id, '考勤区域已删除')}
          onClose={() => setEditing(undefined)}
        />
      )}
      {editing?.kind === 'deleteShift' && (
        <ConfirmDelete
          title="删除班次"
          text={`删除班次“${editing.shift.name}”？`}
          onConfirm={() => void remove(AttendanceApi.removeShift, editing.shift.id, '班次已删除')}
          onClose={() => setEditing(undefined)}
        />
      )}
    </div>
  );
}
