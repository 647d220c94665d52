import { useState } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { type AnswerOf, ElecLeaseApi, HttpService, ImportRowTable, ImportUpload, InfoDialog, type LeaseImportRowErrors, useService } from '@tianlu/sdk';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '8px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** What an import answered. */
export type ImportResult = AnswerOf<typeof ElecLeaseApi.importContracts>;

/**
 * 导入合同: the contracts a shop already has, from the template filled in. Every row is checked
 * first; one bad row and nothing is imported, each bad row listed with its reasons.
 */
export function ImportDialog(props: { onImported: (r: ImportResult) => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [rows, setRows] = useState<LeaseImportRowErrors[]>([]);

  const send = async (form: FormData, onProgress: (fraction: number) => void) => {
    const res = await http.upload<ImportResult>(ElecLeaseApi.importContracts.path, form, { onProgress });
    if (res.flag === 1) props.onImported(res.obj);
    else {
      setError(res.msg);
      setRows((res.obj as { rows?: LeaseImportRowErrors[] } | null)?.rows ?? []);
    }
  };

  return (
    <InfoDialog title="导入合同" width={720} contentClassName={s.content} busy={busy} onClose={props.onClose}>
      <ImportUpload
        template={{ url: ElecLeaseApi.importTemplate.path, fileName: '租赁合同导入模板.xlsx' }}
        templateHint="每行填一份正在履行的合同（带 * 的列必填，说明见模板第二页）。开始日期可早于今天；已过结束日期仍未还车的合同导入后即为已逾期。"
        uploadHint="上传填好的 .xlsx 文件。系统先检查全部行：只要有一行有错，整个文件都不导入，改好后重新上传即可。"
        uploadLabel="选择文件并导入"
        send={send}
        onError={(message) => {
          setError(message);
          setRows([]);
        }}
        onBusyChange={setBusy}
      />
      {error && <Text role="alert" className={s.error}>{error}</Text>}
      {rows.length > 0 && <ImportRowTable label="有错误的行" rows={rows} height={220} />}
    </InfoDialog>
  );
}
