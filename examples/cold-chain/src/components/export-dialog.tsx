import { useState } from 'react';
import { Text } from '@fluentui/react-components';
import { chinaDay, DateRangeFields, FormDialog, type DateRangeValue, type QuickDateRange } from '@tianlu/sdk';
import { EXPORT_MAX_DAYS, exportRangeProblem } from './temperature-text';

const DAY_MS = 86_400_000;
const daysBefore = (day: string, n: number) => chinaDay(Date.parse(`${day}T12:00:00+08:00`) - n * DAY_MS);

const QUICK: readonly QuickDateRange[] = [
  { label: '今天', range: (today) => ({ start: today, end: today }) },
  { label: '最近7天', range: (today) => ({ start: daysBefore(today, 6), end: today }) },
  { label: '最近30天', range: (today) => ({ start: daysBefore(today, 29), end: today }) },
];

/** Props of {@link ExportDialog}. */
export interface ExportDialogProps {
  /** Starts the export of the days chosen (`YYYY-MM-DD`, both included). */
  onExport: (range: DateRangeValue) => Promise<void>;
  onClose: () => void;
}

/** 导出 of 温度总览: the days whose readings go into 下载中心 (every vehicle the user may see). */
export function ExportDialog({ onExport, onClose }: ExportDialogProps) {
  const [range, setRange] = useState<DateRangeValue>(() => ({ start: chinaDay(), end: chinaDay() }));
  const submit = async () => {
    const problem = exportRangeProblem(range);
    if (problem) throw new Error(problem);
    await onExport(range);
  };
  return (
    <FormDialog title="导出温度记录" submitText="导出" width={520} onSubmit={submit} onClose={onClose}>
      <Text size={200}>{`导出所选日期内可见车辆的全部温度读数（最长 ${EXPORT_MAX_DAYS} 天），文件生成后在下载中心下载。`}</Text>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <DateRangeFields value={range} onChange={setRange} width="150px" quick={QUICK} />
      </div>
    </FormDialog>
  );
}
