import type { ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  summary: { display: 'flex', flexWrap: 'wrap', gap: '4px 20px', color: tokens.colorNeutralForeground2 },
});

/** The 合计 line under a report table: label/value pairs. */
export function ReportSummary(props: { label: string; items: [string, ReactNode][] }) {
  const s = useStyles();
  return (
    <div className={s.summary} role="group" aria-label={props.label}>
      {props.items.map(([label, value]) => (
        <Text key={label}>
          {label}：<b>{value}</b>
        </Text>
      ))}
    </div>
  );
}
