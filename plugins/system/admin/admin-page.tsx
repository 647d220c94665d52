import type { ReactNode } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { formatChinaTime } from '@tianlu/sdk';

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
  head: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  grow: { flex: 1, margin: 0 },
  filters: { display: 'flex', alignItems: 'flex-end', gap: '8px', flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
  action: { minWidth: 0, paddingLeft: '6px', paddingRight: '6px' },
});

/** A compact link-like button of a table row (编辑, 删除 …). */
export function RowAction(props: { onClick: () => void; children: ReactNode }) {
  const s = useStyles();
  return (
    <Button size="small" appearance="transparent" className={s.action} onClick={props.onClick}>
      {props.children}
    </Button>
  );
}

/** A 系统管理 page: its title and action buttons, an optional filter row, an error line, then the content. */
export function AdminPage(props: { title: string; tools?: ReactNode; filters?: ReactNode; error?: string; children?: ReactNode }) {
  const s = useStyles();
  return (
    <section className={s.frame}>
      <div className={s.head}>
        <Text as="h2" size={500} weight="semibold" className={s.grow}>
          {props.title}
        </Text>
        {props.tools}
      </div>
      {props.filters && <div className={s.filters}>{props.filters}</div>}
      {props.error && (
        <Text role="alert" className={s.error}>
          {props.error}
        </Text>
      )}
      {props.children}
    </section>
  );
}

/** The message of a failed call (the server's msg when there is one). */
export function errorText(e: unknown): string {
  return e instanceof Error && e.message ? e.message : '网络异常';
}

/** `2026-01-01T08:00:00+08:00` → `2026-01-01 08:00:00` (China time). */
export function formatTime(iso: string | null | undefined): string {
  return formatChinaTime(iso);
}
