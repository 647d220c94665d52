import { useEffect, useState } from 'react';
import { Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { type BatteryHistory, expectOk, HttpService, Input, MonitorApi, type MonitorItem, SeriesChart, useService } from '@tianlu/sdk';
import { batteryBikesQuery, batteryQuery, OPENING_BATTERY_RANGE, type BatteryRange } from '../battery/battery-query';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '16px 20px', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge },
  bar: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** /elec-car/battery 电池曲线 — 电动车卫士: an e-bike's battery voltage and charge over a day or a week. */
export default function BatteryPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const [bikes, setBikes] = useState<MonitorItem[]>([]);
  const [keyword, setKeyword] = useState('');
  const [terminalNo, setTerminalNo] = useState('');
  const [range, setRange] = useState<BatteryRange>(OPENING_BATTERY_RANGE);
  const [history, setHistory] = useState<BatteryHistory>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    http
      .call(MonitorApi.list, batteryBikesQuery(keyword))
      .then((res) => {
        const list = expectOk(res).list;
        setBikes(list);
        setTerminalNo((current) => (current && list.some((b) => b.terminalNo === current) ? current : (list[0]?.terminalNo ?? '')));
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [http, keyword]);

  useEffect(() => {
    if (!terminalNo) return setHistory(undefined);
    let live = true;
    setError(undefined);
    http
      .call(MonitorApi.battery, batteryQuery(terminalNo, range))
      .then((res) => live && setHistory(expectOk(res)))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => void (live = false);
  }, [http, terminalNo, range]);

  const points = history?.points ?? [];
  const voltage = points.filter((p) => p.voltage !== null).map((p) => [Date.parse(p.time), p.voltage] as const);
  const charge = points.filter((p) => p.battery !== null).map((p) => [Date.parse(p.time), p.battery] as const);
  const last = points.at(-1);

  return (
    <section className={s.page}>
      <Text as="h2" size={500} weight="semibold">电池曲线</Text>
      <div className={s.bar}>
        <Field label="查找">
          <Input value={keyword} placeholder="车牌或终端号" onChange={(_, d) => setKeyword(d.value.trim())} />
        </Field>
        <Field label="电动车">
          <Select value={terminalNo} onChange={(_, d) => setTerminalNo(d.value)}>
            {bikes.map((b) => <option key={b.terminalNo} value={b.terminalNo}>{b.plateNo ?? b.terminalNo}</option>)}
          </Select>
        </Field>
        <Field label="时间">
          <Select value={range} onChange={(_, d) => setRange(d.value as BatteryRange)}>
            <option value="today">今天</option>
            <option value="yesterday">昨天</option>
            <option value="week">最近 7 天</option>
          </Select>
        </Field>
      </div>
      {error && <Text role="alert" className={s.error}>{error}</Text>}
      {history && (
        <Text aria-label="电池概况">
          {last
            ? `电池 ${history.nominalVoltage ? `${history.nominalVoltage} V，` : ''}最近：${last.voltage !== null ? `${last.voltage} V，` : ''}${last.battery !== null ? `电量 ${last.battery}%` : ''}${last.charging ? '，充电中' : ''}（${points.length} 次上报）`
            : '这段时间没有电池数据'}
        </Text>
      )}
      {points.length > 0 && (
        <SeriesChart
          label="电池曲线"
          kind="line"
          series={[
            { name: '电压', data: voltage, axis: 0 },
            { name: '电量', data: charge, axis: 1 },
          ]}
          axes={[{ name: 'V' }, { name: '%', min: 0, max: 100 }]}
          height={320}
        />
      )}
    </section>
  );
}
