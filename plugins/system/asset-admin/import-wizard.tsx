import { useRef, useState } from 'react';
import {
  Badge, Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, ProgressBar, Text, tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { DataTable, expectOk, HttpService, useService, type DataTableColumn, type ImportEndpoints } from '@tianlu/sdk';
import { errorText } from '../admin/admin-page';
import type { AssetOptions, ImportPreview } from './asset-api';
import { TenantPicker } from './asset-filters';

const useStyles = makeStyles({
  surface: { maxWidth: '1000px', width: '94vw' },
  content: { display: 'flex', flexDirection: 'column', gap: '10px' },
  row: { display: 'flex', alignItems: 'flex-end', gap: '8px', flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  hidden: { display: 'none' },
});

type Step = { kind: 'choose' } | { kind: 'uploading'; fraction: number } | { kind: 'preview'; preview: ImportPreview } | { kind: 'importing'; preview: ImportPreview } | { kind: 'done'; imported: number };

type PreviewRow = ImportPreview['rows'][number];

/**
 * 批量导入: download the template, choose a filled .xlsx, see every row checked by the server
 * (rows with errors in red, their messages in Chinese), then import the valid rows in one go.
 * Upload progress is shown while the file travels; the server answers counts at each step.
 */
export function ImportWizard(props: {
  title: string;
  api: ImportEndpoints;
  templateName: string;
  columns: readonly { key: string; title: string }[];
  options: AssetOptions;
  onImported: () => void;
  onClose: () => void;
}) {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const input = useRef<HTMLInputElement>(null);
  const [tenantId, setTenantId] = useState<number | undefined>(props.options.tenants[0]?.id);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string>();
  const [errorsOnly, setErrorsOnly] = useState(false);

  const downloadTemplate = () =>
    http.exportFile({ url: props.api.template.path, params: {}, fileName: props.templateName }).catch((e: unknown) => setError(errorText(e)));

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    if (!/\.xlsx$/i.test(file.name)) {
      setError('请选择 .xlsx 格式的文件');
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    setStep({ kind: 'uploading', fraction: 0 });
    try {
      const url = tenantId === undefined ? props.api.preview.path : `${props.api.preview.path}?tenantId=${tenantId}`;
      const preview = expectOk(await http.upload<ImportPreview>(url, form, { onProgress: (fraction) => setStep({ kind: 'uploading', fraction }) }));
      setErrorsOnly(preview.invalid > 0);
      setStep({ kind: 'preview', preview });
    } catch (e) {
      setError(errorText(e));
      setStep({ kind: 'choose' });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const confirm = async (preview: ImportPreview) => {
    // the button is there only for a preview with valid rows, which has its token
    const { token } = preview;
    if (!token) return;
    setError(undefined);
    setStep({ kind: 'importing', preview });
    try {
      const { imported } = expectOk(await http.call(props.api.confirm, { token }));
      setStep({ kind: 'done', imported });
      props.onImported();
    } catch (e) {
      setError(errorText(e));
      setStep({ kind: 'preview', preview });
    }
  };

  const columns: DataTableColumn<PreviewRow>[] = [
    { key: 'row', title: '行号', width: 56, render: (r) => String(r.row) },
    {
      key: 'state', title: '检查结果', width: 84,
      render: (r) => (r.errors.length ? <Badge color="danger" appearance="tint">有错误</Badge> : <Badge color="success" appearance="tint">可导入</Badge>),
    },
    ...props.columns.map((c) => ({ key: c.key, title: c.title, render: (r: PreviewRow) => r.values[c.key] || '' })),
    {
      key: 'errors', title: '错误', width: '2fr',
      render: (r) => <span className={s.error} title={r.errors.join('\n')}>{r.errors.map((e) => e.replace(/^第 \d+ 行：/, '')).join('；')}</span>,
    },
  ];

  const preview = step.kind === 'preview' || step.kind === 'importing' ? step.preview : undefined;
  const rows = preview ? (errorsOnly ? preview.rows.filter((r) => r.errors.length) : preview.rows) : [];

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && step.kind !== 'uploading' && step.kind !== 'importing' && props.onClose()}>
      <DialogSurface className={s.surface} aria-label={props.title}>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent className={s.content}>
            {(step.kind === 'choose' || step.kind === 'uploading') && (
              <>
                <Text>1. 下载导入模板，按模板填写（带 * 的列必填，说明见模板第二页）。</Text>
                <div>
                  <Button icon={<ArrowDownloadRegular />} onClick={() => void downloadTemplate()}>
                    下载模板
                  </Button>
                </div>
                <Text>2. 选择填好的 .xlsx 文件上传，系统逐行检查后显示预览，确认后才会导入。</Text>
                <div className={s.row}>
                  {props.options.tenants.length > 1 && <TenantPicker label="导入到客户" tenants={props.options.tenants} value={tenantId} onChange={setTenantId} />}
                  <input
                    ref={input}
                    className={s.hidden}
                    type="file"
                    accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    aria-label="选择导入文件"
                    onChange={(e) => void upload(e.currentTarget.files?.[0])}
                  />
                  <Button appearance="primary" icon={<ArrowUploadRegular />} disabled={step.kind === 'uploading'} onClick={() => input.current?.click()}>
                    选择文件并上传
                  </Button>
                </div>
                {step.kind === 'uploading' && (
                  <Field label={step.fraction < 1 ? `正在上传 ${Math.round(step.fraction * 100)}%` : '正在检查数据…'}>
                    <ProgressBar value={step.fraction < 1 ? step.fraction : undefined} aria-label="上传进度" />
                  </Field>
                )}
              </>
            )}
            {preview && (
              <>
                <Text>
                  {`${preview.fileName}：共 ${preview.total} 行，`}
                  <span className={s.ok}>{`可导入 ${preview.valid} 行`}</span>
                  {'，'}
                  <span className={s.error}>{`有错误 ${preview.invalid} 行`}</span>
                  {preview.invalid > 0 ? '（有错误的行不会导入，可修改后重新上传）' : ''}
                </Text>
                <Checkbox checked={errorsOnly} label="只看有错误的行" onChange={(_, d) => setErrorsOnly(Boolean(d.checked))} />
                <DataTable label="导入预览" rows={rows} columns={columns} rowKey={(r) => String(r.row)} height={320} empty="没有有错误的行" />
                {step.kind === 'importing' && (
                  <Field label={`正在导入 ${preview.valid} 行…`}>
                    <ProgressBar aria-label="导入进度" />
                  </Field>
                )}
              </>
            )}
            {step.kind === 'done' && <Text className={s.ok} size={400}>{`导入完成：已导入 ${step.imported} 条。`}</Text>}
            {error && (
              <Text role="alert" className={s.error}>
                {error}
              </Text>
            )}
          </DialogContent>
          <DialogActions>
            {preview && (
              <>
                <Button disabled={step.kind === 'importing'} onClick={() => setStep({ kind: 'choose' })}>
                  重新上传
                </Button>
                <Button appearance="primary" disabled={step.kind === 'importing' || preview.valid === 0 || !preview.token} onClick={() => void confirm(preview)}>
                  {`确认导入 ${preview.valid} 行`}
                </Button>
              </>
            )}
            <Button appearance={step.kind === 'done' ? 'primary' : 'secondary'} disabled={step.kind === 'uploading' || step.kind === 'importing'} onClick={props.onClose}>
              {step.kind === 'done' ? '完成' : '关闭'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
