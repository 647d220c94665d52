import { useEffect, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import {
  DataTable,
  type DataTableColumn,
  expectOk,
  GB_RULE_NAMES,
  type GbRule,
  HttpService,
  PageSection,
  Permission,
  ToastService,
  useService,
} from '@tianlu/sdk';
import { ElecGbApi, GbButtons, type ComplianceLine } from '../declare/gb-api';

const RULES: GbRule[] = ['designSpeed', 'mass', 'motorPower', 'pedals'];

const useStyles = makeStyles({
  bar: { display: 'flex', height: '10px', width: '120px', borderRadius: '5px', overflow: 'hidden', background: tokens.colorNeutralBackground4 },
  good: { background: tokens.colorPaletteGreenBackground3 },
  bad: { background: tokens.colorPaletteRedBackground3 },
  rate: { display: 'flex', alignItems: 'center', gap: '8px' },
});

function RateBar(props: { line: ComplianceLine }) {
  const s = useStyles();
  const { total, compliant } = props.line;
  return (
    <span className={s.rate}>
      <span className={s.bar} aria-hidden>
        <span className={s.good} style={{ width: `${total ? (compliant / total) * 100 : 0}%` }} />
        <span className={s.bad} style={{ width: `${total ? ((total - compliant) / total) * 100 : 0}%` }} />
      </span>
      {props.line.rate === null ? '—' : `${props.line.rate}%`}
    </span>
  );
}

const columns: DataTableColumn<ComplianceLine>[] = [
  { key: 'tenant', title: '客户', width: 160, render: (l) => l.tenantName },
  { key: 'total', title: '备案数', width: 70, align: 'right', render: (l) => l.total },
  { key: 'compliant', title: '合规', width: 60, align: 'right', render: (l) => l.compliant },
  { key: 'non', title: '不合规', width: 70, align: 'right', render: (l) => l.nonCompliant },
  { key: 'rate', title: '合规率', width: 190, render: (l) => <RateBar line={l} /> },
  ...RULES.map((r): DataTableColumn<ComplianceLine> => ({ key: r, title: GB_RULE_NAMES[r], width: 110, align: 'right', render: (l) => l.broken[r] })),
];

/** 合规报表 (menu 2620): per customer, how many e-bikes are registered, how many keep to GB 17761-2018 and why the others do not. */
export default function ReportPage() {
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const [report, setReport] = useState<{ lines: ComplianceLine[]; total: ComplianceLine }>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    http
      .call(ElecGbApi.report)
      .then((res) => setReport(expectOk(res)))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [http]);
  const rows = report ? [...report.lines, report.total] : [];
  return (
    <PageSection
      title="合规报表"
      error={error}
      tools={
        <Permission button={GbButtons.exportReport}>
          <Button icon={<ArrowDownloadRegular />} onClick={() => http.downloadBlob(ElecGbApi.exportReport.path, {}, '新国标合规报表.xlsx').catch((e: unknown) => toast.show(String(e), 'error'))}>导出</Button>
        </Permission>
      }
    >
      <DataTable label="合规报表" rows={rows} columns={columns} rowKey={(l) => `${l.tenantId}-${l.tenantName}`} height={360} empty={report ? '还没有备案' : '加载中…'} />
    </PageSection>
  );
}
