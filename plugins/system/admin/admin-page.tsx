import type { ReactNode } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular } from '@fluentui/react-icons';
import { formatChinaTime, Permission } from '@tianlu/sdk';

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

/** One button of a row: its words, the button resource that shows it, what it does. */
export interface RowButton {
  button: number;
  label: string;
  onClick: () => void;
}

/** A row's buttons (编辑, 删除 …), each shown only to holders of its button resource. */
export function RowActions(props: { actions: readonly RowButton[] }) {
  return (
    <>
      {props.actions.map((a) => (
        <Permission key={a.button} button={a.button}>
          <RowAction onClick={a.onClick}>{a.label}</RowAction>
        </Permission>
      ))}
    </>
  );
}

/** The buttons above a 系统管理 list: 新增… (when `add` is given) and 导出, each shown only to holders of its button resource. */
export function ListTools(props: { add?: RowButton & { disabled?: boolean }; exportButton: number; onExport: () => void }) {
  const { add } = props;
  return (
    <>
      {add && (
        <Permission button={add.button}>
          <Button appearance="primary" icon={<AddRegular />} disabled={add.disabled} onClick={add.onClick}>
            {add.label}
          </Button>
        </Permission>
      )}
      <Permission button={props.exportButton}>
        <Button icon={<ArrowDownloadRegular />} onClick={props.onExport}>
          导出
        </Button>
      </Permission>
    </>
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
