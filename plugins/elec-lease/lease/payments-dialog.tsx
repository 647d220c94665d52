import { useEffect, useState } from 'react';
import { Button, makeStyles, Text } from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { ElecLeaseApi, DataTable, type DataTableColumn, expectOk, HttpService, InfoDialog, type LeasePayment, type LeasePaymentList, useService } from '@tianlu/sdk';
import { errorText } from './lease-api';
import { printReceipt, ReceiptView } from './receipt-view';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '8px' },
});

/**
 * 收据 of one contract: its payments with their receipt numbers, and one receipt shown as it
 * prints (the one just taken, or the one picked).
 */
export function PaymentsDialog(props: { contractId: number; paymentId?: number; onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const [data, setData] = useState<LeasePaymentList>();
  const [shown, setShown] = useState<number | undefined>(props.paymentId);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    http.call(ElecLeaseApi.payments, { id: props.contractId }).then(
      (res) => live && setData(expectOk(res)),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [http, props.contractId]);

  const payment = data?.list.find((p) => p.id === shown);
  const columns: DataTableColumn<LeasePayment>[] = [
    { key: 'no', title: '收据号', width: 130, render: (p) => p.receiptNo },
    { key: 'day', title: '日期', width: 96, render: (p) => p.paidDate },
    { key: 'kind', title: '款项', width: 70, render: (p) => p.kindName },
    { key: 'method', title: '方式', width: 76, render: (p) => p.methodName },
    { key: 'amount', title: '金额', width: 80, align: 'right', render: (p) => `${p.kind === 'refund' ? '-' : ''}¥${p.amount}` },
    { key: 'ops', title: '操作', width: 70, render: (p) => <Button size="small" appearance="transparent" onClick={() => setShown(p.id)}>查看</Button> },
  ];

  return (
    <InfoDialog
      title={data ? `收据：${data.contract.contractNo}` : '收据'}
      label="收据"
      width={720}
      contentClassName={s.content}
      actions={
        payment && (
          <>
            <Button onClick={() => setShown(undefined)}>全部收据</Button>
            <Button appearance="primary" icon={<PrintRegular />} onClick={printReceipt}>打印收据</Button>
          </>
        )
      }
      onClose={props.onClose}
    >
      {error && <Text role="alert">{error}</Text>}
      {data && payment && <ReceiptView tenantName={data.tenantName} contract={data.contract} payment={payment} />}
      {data && !payment && (
        <DataTable label="收款记录" rows={data.list} columns={columns} rowKey={(p) => String(p.id)} height={260} empty="这份合同还没有收款" />
      )}
    </InfoDialog>
  );
}
