import { makeStyles, Text, tokens, Tooltip } from '@fluentui/react-components';

const useStyles = makeStyles({
  chart: { display: 'flex', alignItems: 'flex-end', gap: '4px', height: '120px', padding: '4px 0', overflowX: 'auto' },
  column: { display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'flex-end', minWidth: '28px', height: '100%' },
  bar: { width: '18px', background: tokens.colorBrandBackground, borderRadius: '2px 2px 0 0', minHeight: '1px' },
  day: { fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3 },
});

/** 每日里程: a bar per day of the range (every vehicle of the filter), plain CSS. */
export function DailyMileageBars(props: { days: readonly { day: string; mileage: number; vehicles: number }[] }) {
  const s = useStyles();
  const max = Math.max(1, ...props.days.map((d) => d.mileage));
  if (props.days.length === 0) return null;
  return (
    <div className={s.chart} role="img" aria-label="每日里程">
      {props.days.map((d) => (
        <Tooltip key={d.day} relationship="description" content={`${d.day}：${d.mileage} km，${d.vehicles} 辆车`}>
          <div className={s.column} data-day={d.day}>
            <div className={s.bar} style={{ height: `${(d.mileage / max) * 92}px` }} />
            <Text className={s.day}>{d.day.slice(5)}</Text>
          </div>
        </Tooltip>
      ))}
    </div>
  );
}
