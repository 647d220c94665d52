import type { ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  frame: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '16px 20px',
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    minHeight: '200px',
  },
  title: { margin: 0 },
  error: { color: tokens.colorPaletteRedForeground1 },
  summary: { display: 'flex', flexWrap: 'wrap', gap: '4px 20px', color: tokens.colorNeutralForeground2 },
});

/** A 数据报表 page: title, filter row, an error line, then the report. */
export function ReportFrame(props: { title: string; filters: ReactNode; error?: string; children?: ReactNode }) {
  const s = useStyles();
  return (
    <section className={s.frame} aria-label={props.title}>
      <Text as="h2" size={500} weight="semibold" className={s.title}>
        {props.title}
      </Text>
      {props.filters}
      {props.error && (
        <Text role="alert" className={s.error}>
          {props.error}
        </Text>
      )}
      {props.children}
    </section>
  );
}

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
