import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Button, Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import {
  ElecLeaseApi,
  DataTable,
  type DataTableColumn,
  LEASE_STATUS_NAMES,
  type LeaseContract,
  type LeasePayment,
  type LeaseStatus,
  OPEN_LEASE_STATUSES,
  PageSection,
  PaginationBar,
  Permission,
  ToastService,
  usePagedQuery,
  useService,
  useBackgroundExport,
  KeywordField,
  SearchButtons,
} from '@tianlu/sdk';
import { ContractActionDialog, type ContractAction } from '../lease/contract-action-dialog';
import { FirstUseHint } from '../lease/first-use-hint';
import { ImportDialog } from '../lease/import-dialog';
import { CONTRACT_LIST, type ContractFilter, contractQuery, LeaseButtons } from '../lease/lease-api';
import { PayDialog } from '../lease/pay-dialog';
import { PaymentsDialog } from '../lease/payments-dialog';
import { SignDialog } from '../lease/sign-dialog';

const COLORS: Record<LeaseStatus, 'informative' | 'success' | 'danger' | 'subtle' | 'warning'> = {
  pending: 'informative', active: 'success', overdue: 'danger', returned: 'subtle', terminated: 'warning',
};

const useStyles = makeStyles({
  money: { display: 'flex', flexDirection: 'column', lineHeight: 1.3 },
  owing: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  ahead: { color: tokens.colorPaletteGreenForeground1, fontSize: tokens.fontSizeBase200 },
  settled: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  // five two-character actions side by side: Fluent's 64 px minimum would push the row past 1366×768
  action: { minWidth: 0, paddingLeft: '6px', paddingRight: '6px' },
});

/** 合同管理 (menu 2303): the lease contracts with their state, rent and deposit, 续租, 还车, 终止, 收款 with receipts, and 导入合同. */
const ContractPage = observer(function ContractPage() {
  const s = useStyles();
  const toast = useService(ToastService);
  const { exporting, startExport } = useBackgroundExport();
  const [draft, setDraft] = useState<ContractFilter>(CONTRACT_LIST.initialFilter);
  const [signing, setSigning] = useState(false);
  const [acting, setActing] = useState<{ action: ContractAction; contract: LeaseContract }>();
  const [paying, setPaying] = useState<LeaseContract>();
  const [receipts, setReceipts] = useState<{ contractId: number; paymentId?: number }>();
  const [importing, setImporting] = useState(false);

  const { pagination, filter, page, rows, error, load, search: searchFor } = usePagedQuery({ ...CONTRACT_LIST, initialFilter: draft });
  // no contract at all yet (not merely none matching): the first-use hint shows
  const empty = page?.total === 0 && !filter.keyword && !filter.status;

  const search = () => searchFor({ ...draft, keyword: draft.keyword.trim() });
  const act = (action: ContractAction, c: LeaseContract, label: string, button: number) => (
    <Permission button={button}>
      <Button size="small" appearance="transparent" className={s.action} onClick={() => setActing({ action, contract: c })}>{label}</Button>
    </Permission>
  );
  const payButton = (c: LeaseContract) => (
    <Permission button={LeaseButtons.pay}>
      <Button size="small" appearance="transparent" className={s.action} onClick={() => setPaying(c)}>收款</Button>
    </Permission>
  );
  const receiptButton = (c: LeaseContract) => (
    <Button size="small" appearance="transparent" className={s.action} onClick={() => setReceipts({ contractId: c.id })}>收据</Button>
  );
  const balanceClass = (c: LeaseContract) => (c.balance < 0 ? s.owing : c.balance > 0 ? s.ahead : s.settled);

  const columns: DataTableColumn<LeaseContract>[] = [
    { key: 'no', title: '合同编号', width: 152, render: (c) => c.contractNo },
    { key: 'plate', title: '电动车', width: 92, render: (c) => c.plateNo },
    { key: 'renter', title: '租户', width: 112, render: (c) => `${c.renterName} ${c.renterPhone}` },
    { key: 'period', title: '租期', width: 180, render: (c) => `${c.startDate} 至 ${c.endDate}` },
    { key: 'rent', title: '月租金', width: 60, align: 'right', render: (c) => `¥${c.monthlyRent}` },
    {
      key: 'received', title: '已收租金', width: 84, align: 'right',
      render: (c) => (
        <span className={s.money}>
          {`¥${c.received}`}
          <span className={balanceClass(c)}>{c.balanceName}</span>
        </span>
      ),
    },
    {
      key: 'deposit', title: '押金', width: 86, align: 'right',
      render: (c) => (
        <span className={s.money} title={`合同押金 ¥${c.deposit}，已收押金余额 ¥${c.depositHeld}`}>
          {`¥${c.deposit}`}
          <span className={c.depositHeld < c.deposit ? s.owing : s.settled}>{`已收 ¥${c.depositHeld}`}</span>
        </span>
      ),
    },
    {
      key: 'status', title: '状态', width: 96,
      render: (c) => (
        <span>
          <Badge appearance="tint" color={COLORS[c.status]}>{c.statusName}</Badge>
          {c.status === 'overdue' && ` ${c.overdueDays} 天`}
        </span>
      ),
    },
    {
      key: 'ops', title: '操作', width: 204,
      render: (c) =>
        OPEN_LEASE_STATUSES.includes(c.status) ? (
          <span>
            {act('renew', c, '续租', LeaseButtons.renew)}
            {act('giveBack', c, '还车', LeaseButtons.giveBack)}
            {act('terminate', c, '终止', LeaseButtons.terminate)}
            {payButton(c)}
            {receiptButton(c)}
          </span>
        ) : (
          <span>
            {payButton(c)}
            {receiptButton(c)}
          </span>
        ),
    },
  ];

  return (
    <PageSection
      title="合同管理"
      error={error}
      tools={
        <>
          <Permission button={LeaseButtons.sign}>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setSigning(true)}>签订合同</Button>
          </Permission>
          <Permission button={LeaseButtons.sign}>
            <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)}>导入合同</Button>
          </Permission>
          <Permission button={LeaseButtons.exportContracts}>
            <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void startExport(ElecLeaseApi.exportContracts, contractQuery(filter))}>导出</Button>
          </Permission>
        </>
      }
      filters={
        <>
          <KeywordField value={draft.keyword} placeholder="合同编号、车牌、租户或手机号" onChange={(keyword) => setDraft((f) => ({ ...f, keyword }))} onSearch={search} />
          <Field label="状态">
            <Select value={draft.status} onChange={(_, d) => setDraft((f) => ({ ...f, status: d.value as ContractFilter['status'] }))}>
              <option value="">全部</option>
              {Object.entries(LEASE_STATUS_NAMES).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
            </Select>
          </Field>
          <SearchButtons onSearch={search} />
        </>
      }
    >
      {empty && <FirstUseHint step="contract" onHere={() => setSigning(true)} />}
      <DataTable label="租赁合同" rows={rows} columns={columns} rowKey={(c) => String(c.id)} height={empty ? 320 : 420} empty="没有符合条件的合同" />
      <PaginationBar pagination={pagination} onChange={() => void load()} />
      {signing && (
        <SignDialog
          onSaved={(c) => {
            setSigning(false);
            toast.show(`合同 ${c.contractNo} 已签订`, 'success');
            void load();
          }}
          onClose={() => setSigning(false)}
        />
      )}
      {paying && (
        <PayDialog
          contract={paying}
          onDone={(c: LeaseContract, payment: LeasePayment) => {
            setPaying(undefined);
            toast.show(`${payment.kindName} ¥${payment.amount} 已记录，收据 ${payment.receiptNo}`, 'success');
            setReceipts({ contractId: c.id, paymentId: payment.id });
            void load();
          }}
          onClose={() => setPaying(undefined)}
        />
      )}
      {receipts && <PaymentsDialog contractId={receipts.contractId} paymentId={receipts.paymentId} onClose={() => setReceipts(undefined)} />}
      {importing && (
        <ImportDialog
          onImported={(r) => {
            setImporting(false);
            toast.show(`已导入 ${r.imported} 份合同${r.renters ? `，新登记租户 ${r.renters} 位` : ''}${r.overdue ? `，其中 ${r.overdue} 份已逾期` : ''}`, 'success');
            void load();
          }}
          onClose={() => setImporting(false)}
        />
      )}
      {acting && (
        <ContractActionDialog
          action={acting.action}
          contract={acting.contract}
          onDone={(c) => {
            setActing(undefined);
            toast.show(`合同 ${c.contractNo}：${c.statusName}`, 'success');
            void load();
          }}
          onClose={() => setActing(undefined)}
        />
      )}
    </PageSection>
  );
});
export default ContractPage;
