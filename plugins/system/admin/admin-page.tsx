import type { ReactNode } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';
import { formatChinaTime } from '@tianlu/sdk';

const useStyles = makeStyles({
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

/** The message of a failed call (the server's msg when there is one). */
export function errorText(e: unknown): string {
  return e instanceof Error && e.message ? e.message : '网络异常';
}

/** `2026-01-01T08:00:00+08:00` → `2026-01-01 08:00:00` (China time). */
export function formatTime(iso: string | null | undefined): string {
  return formatChinaTime(iso);
}
