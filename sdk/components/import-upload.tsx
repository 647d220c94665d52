import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Field, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { useService } from '../react/use-service';
import { HttpService, NETWORK_ERROR_MESSAGE } from '../services/http-service';
import { DataTable, type DataTableColumn } from './data-table';

/** One checked row of an imported sheet: its row number in the sheet and what is wrong with it (none when it can be imported). */
export interface ImportRowCheck {
  row: number;
  errors: readonly string[];
}

/** Props of {@link ImportUpload}. */
export interface ImportUploadProps {
  /** The import template: where it is downloaded and the name it is saved as. */
  template: { url: string; fileName: string };
  /** How to fill the template, after `1. 下载导入模板，`. */
  templateHint: string;
  /** What happens to the uploaded file, after `2. `. */
  uploadHint: string;
  /** The upload button, e.g. 选择文件并上传. */
  uploadLabel: string;
  /** Before the upload button (the customer to import to …). */
  beside?: ReactNode;
  /**
   * Sends the chosen .xlsx (in the form's `file`), moving the progress bar with `onProgress`;
   * the upload counts as under way until it settles. What it throws is reported through `onError`.
   */
  send: (form: FormData, onProgress: (fraction: number) => void) => Promise<void>;
  /** Told a problem in Chinese (a file that is not .xlsx, a failed upload), or undefined when a new upload starts. */
  onError: (message: string | undefined) => void;
  /** Told when an upload starts and ends: a dialog holds 关闭 meanwhile. */
  onBusyChange?: (busy: boolean) => void;
}

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Inline styles: this module loads with the SDK entry, where style hooks are not created at import.
const row: CSSProperties = { display: 'flex', alignItems: 'flex-end', gap: '8px', flexWrap: 'wrap' };
const hidden: CSSProperties = { display: 'none' };
const errorText: CSSProperties = { color: tokens.colorPaletteRedForeground1 };

/** The message of a failed call: the server's `msg`, or 网络异常. */
const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

/**
 * The first steps of an import (批量导入, 导入合同): 1. 下载模板, 2. choose a filled .xlsx and upload
 * it, with the upload's progress and then 正在检查数据…. Only .xlsx files are sent.
 */
export function ImportUpload(props: ImportUploadProps) {
  const http = useService(HttpService);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();

  const downloadTemplate = () =>
    http.exportFile({ url: props.template.url, params: {}, fileName: props.template.fileName }).catch((e: unknown) => props.onError(messageOf(e)));

  const upload = async (file: File | undefined) => {
    if (!file) return;
    props.onError(undefined);
    if (!/\.xlsx$/i.test(file.name)) {
      props.onError('请选择 .xlsx 格式的文件');
      if (input.current) input.current.value = '';
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    setProgress(0);
    props.onBusyChange?.(true);
    try {
      await props.send(form, setProgress);
    } catch (e) {
      props.onError(messageOf(e));
    } finally {
      setProgress(undefined);
      props.onBusyChange?.(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <Text>{`1. 下载导入模板，${props.templateHint}`}</Text>
      <div>
        <Button icon={<ArrowDownloadRegular />} onClick={() => void downloadTemplate()}>
          下载模板
        </Button>
      </div>
      <Text>{`2. ${props.uploadHint}`}</Text>
      <div style={row}>
        {props.beside}
        <input ref={input} style={hidden} type="file" accept={XLSX_ACCEPT} aria-label="选择导入文件" onChange={(e) => void upload(e.currentTarget.files?.[0])} />
        <Button appearance="primary" icon={<ArrowUploadRegular />} disabled={progress !== undefined} onClick={() => input.current?.click()}>
          {props.uploadLabel}
        </Button>
      </div>
      {progress !== undefined && (
        <Field label={progress < 1 ? `正在上传 ${Math.round(progress * 100)}%` : '正在检查数据…'}>
          <ProgressBar value={progress < 1 ? progress : undefined} aria-label="上传进度" />
        </Field>
      )}
    </>
  );
}

/** A row's problems on one line, without the `第 N 行：` the 行号 column already says. */
function importErrorsText(errors: readonly string[]): string {
  return errors.map((e) => e.replace(/^第 \d+ 行：/, '')).join('；');
}

/** Props of {@link ImportRowTable}. */
export interface ImportRowTableProps<R extends ImportRowCheck> {
  /** The table's accessible name: 导入预览, 有错误的行 … */
  label: string;
  rows: readonly R[];
  /** Columns between 行号 and 错误 (the row's values, its state …). */
  columns?: readonly DataTableColumn<R>[];
  /** The 错误 column's width; default what is left. */
  errorWidth?: DataTableColumn<R>['width'];
  /** Height of the scrolling body, px. */
  height: number;
  /** Shown when there are no rows. */
  empty?: string;
}

/** The checked rows of an imported sheet: 行号, the caller's columns, then 错误 in red (whole in its tooltip). */
export function ImportRowTable<R extends ImportRowCheck>(props: ImportRowTableProps<R>) {
  const columns: DataTableColumn<R>[] = [
    { key: 'row', title: '行号', width: 56, render: (r) => String(r.row) },
    ...(props.columns ?? []),
    {
      key: 'errors',
      title: '错误',
      ...(props.errorWidth !== undefined && { width: props.errorWidth }),
      render: (r) => (
        <span style={errorText} title={r.errors.join('\n')}>
          {importErrorsText(r.errors)}
        </span>
      ),
    },
  ];
  return <DataTable label={props.label} rows={props.rows} columns={columns} rowKey={(r) => String(r.row)} height={props.height} empty={props.empty} />;
}
