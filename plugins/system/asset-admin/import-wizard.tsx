import { useState } from 'react';
import {
  Badge, Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, ProgressBar, Text, tokens,
} from '@fluentui/react-components';
import { expectOk, HttpService, ImportRowTable, ImportUpload, useService, type DataTableColumn, type ImportEndpoints } from '@tianlu/sdk';
import { errorText } from '../admin/admin-page';
import type { AssetOptions, ImportPreview } from './asset-api';
import { TenantPicker } from './asset-filters';

const useStyles = makeStyles({
  surface: { maxWidth: '1000px', width: '94vw' },
  content: { display: 'flex', flexDirection: 'column', gap: '10px' },
  error: { color: tokens.colorPaletteRedForeground1 },
  ok: { color: tokens.colorPaletteGreenForeground1 },
});

type Step = { kind: 'choose' } | { kind: 'uploading' } | { kind: 'preview'; preview: ImportPreview } | { kind: 'importing'; preview: ImportPreview } | { kind: 'done'; imported: number };

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
  const http = useService(HttpService);
  const [tenantId, setTenantId] = useState<number | undefined>(props.options.tenants[0]?.id);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string>();
  const [errorsOnly, setErrorsOnly] = useState(false);

  const send = async (form: FormData, onProgress: (fraction: number) => void) => {
    setStep({ kind: 'uploading' });
    try {
      const url = tenantId === undefined ? props.api.preview.path : `${props.api.preview.path}?tenantId=${tenantId}`;
      const preview = expectOk(await http.upload<ImportPreview>(url, form, { onProgress }));
      setErrorsOnly(preview.invalid > 0);
      setStep({ kind: 'preview', preview });
    } catch (e) {
      setStep({ kind: 'choose' });
      throw e;
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
    {
      key: 'state', title: '检查结果', width: 84,
      render: (r) => (r.errors.length ? <Badge color="danger" appearance="tint">有错误</Badge> : <Badge color="success" appearance="tint">可导入</Badge>),
    },
    ...props.columns.map((c) => ({ key: c.key, title: c.title, render: (r: PreviewRow) => r.values[c.key] || '' })),
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
              <ImportUpload
                template={{ url: props.api.template.path, fileName: props.templateName }}
                templateHint="按模板填写（带 * 的列必填，说明见模板第二页）。"
                uploadHint="选择填好的 .xlsx 文件上传，系统逐行检查后显示预览，确认后才会导入。"
                uploadLabel="选择文件并上传"
                beside={props.options.tenants.length > 1 && <TenantPicker label="导入到客户" tenants={props.options.tenants} value={tenantId} onChange={setTenantId} />}
                send={send}
                onError={setError}
              />
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
                <ImportRowTable label="导入预览" rows={rows} columns={columns} errorWidth="2fr" height={320} empty="没有有错误的行" />
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
