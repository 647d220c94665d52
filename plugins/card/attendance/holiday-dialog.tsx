import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  Button, Field, makeStyles, MessageBar, MessageBarBody, Select, Text, tokens,
} from '@fluentui/react-components';
import { AttendanceApi, chinaDay, DataTable, type DataTableColumn, expectOk, HttpService, InfoDialog, Input, useService } from '@tianlu/sdk';
import { errorText, HOLIDAY_KIND_NAMES, type HolidayDay, type HolidayKind, type HolidayYear, WEEKDAY_NAMES } from './attendance-api';
import { useListChange } from './list-change';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '8px' },
  form: { display: 'flex', alignItems: 'flex-end', gap: '8px', flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const weekdayOf = (day: string) => WEEKDAY_NAMES[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7];

/**
 * 节假日: the tenant's calendar of a year — the State Council's 放假 and 调休上班 days (preloaded for the years
 * the data holds; a year not yet published says so), with the tenant's own days over them. 设定 sets a day,
 * 撤销 removes the tenant's own setting.
 */
export function HolidayDialog(props: { onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const thisYear = Number(chinaDay().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [data, setData] = useState<HolidayYear>();
  const [day, setDay] = useState('');
  const [kind, setKind] = useState<HolidayKind>('holiday');
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();

  const load = useCallback(async () => {
    try {
      setData(expectOk(await http.call(AttendanceApi.holidays, { year })));
    } catch (e) {
      setError(errorText(e));
    }
  }, [http, year]);
  useEffect(() => void load(), [load]);

  const post = useListChange(load, setError);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!day) return setError('日期不能为空');
    if (await post(() => http.call(AttendanceApi.saveHoliday, { day, kind, name }), '已设定')) setName('');
  };

  const columns: DataTableColumn<HolidayDay>[] = [
    { key: 'day', title: '日期', width: 130, render: (d) => `${d.day} ${weekdayOf(d.day)}` },
    { key: 'kind', title: '安排', width: 90, render: (d) => HOLIDAY_KIND_NAMES[d.kind] },
    { key: 'name', title: '名称', width: 110, render: (d) => d.name || '—' },
    { key: 'source', title: '来源', width: 200, render: (d) => (d.own ? `本单位设定${d.official ? `（国务院：${HOLIDAY_KIND_NAMES[d.official.kind]}）` : ''}` : '国务院安排') },
    {
      key: 'ops', title: '操作', render: (d) => (
        d.own
          ? <Button size="small" appearance="subtle" onClick={() => void post(() => http.call(AttendanceApi.removeHoliday, { day: d.day }), '已撤销')}>撤销</Button>
          : <Button size="small" appearance="subtle" onClick={() => { setDay(d.day); setKind('normal'); setName(''); }}>改为按工作日</Button>
      ),
    },
  ];

  return (
    <InfoDialog title="节假日" width={760} contentClassName={s.content} onClose={props.onClose}>
      <div className={s.form}>
        <Field label="年份">
          <Select value={String(year)} onChange={(_, d) => setYear(Number(d.value))}>
            {[thisYear - 1, thisYear, thisYear + 1].map((y) => <option key={y} value={y}>{y} 年</option>)}
          </Select>
        </Field>
        <Text>放假的日子不排班，调休上班的日子照常排班（周末也算工作日）。</Text>
      </div>
      {data && !data.officialPublished && (
        <MessageBar intent="warning">
          <MessageBarBody>{data.year} 年的国务院节假日安排尚未收录（未公布或未更新），请按公布的通知在下方逐日设定。</MessageBarBody>
        </MessageBar>
      )}
      <DataTable label="节假日" rows={data?.days ?? []} columns={columns} rowKey={(d) => d.day} height={250} rowHeight={34} empty={data ? '这一年没有节假日安排' : '加载中…'} />
      <form className={s.form} onSubmit={(e) => void submit(e)}>
        <Field label="日期">
          <Input type="date" value={day} onChange={(_, d) => setDay(d.value)} />
        </Field>
        <Field label="安排">
          <Select value={kind} onChange={(_, d) => setKind(d.value as HolidayKind)}>
            {(Object.keys(HOLIDAY_KIND_NAMES) as HolidayKind[]).map((k) => <option key={k} value={k}>{HOLIDAY_KIND_NAMES[k]}</option>)}
          </Select>
        </Field>
        <Field label="名称">
          <Input value={name} maxLength={30} placeholder="如 春节、公司年会" onChange={(_, d) => setName(d.value)} />
        </Field>
        <Button appearance="primary" type="submit">设定</Button>
      </form>
      {error && <Text role="alert" className={s.error}>{error}</Text>}
    </InfoDialog>
  );
}
