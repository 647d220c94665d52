import { makeStaticStyles, makeStyles } from '@fluentui/react-components';
import type { LeaseContract, LeasePayment } from '@tianlu/sdk';

/** While a receipt prints, only the receipt is on paper (it sits in a dialog above the console). */
const usePrintStyles = makeStaticStyles(`
@media print {
  body.tl-lease-printing * { visibility: hidden !important; }
  body.tl-lease-printing .tl-lease-receipt, body.tl-lease-printing .tl-lease-receipt * { visibility: visible !important; }
  body.tl-lease-printing .tl-lease-receipt { position: fixed; left: 0; top: 0; width: 180mm; }
}
`);

const useStyles = makeStyles({
  sheet: { padding: '12px 16px', border: '1px solid #000', color: '#000', background: '#fff', fontSize: '13px', lineHeight: 1.6 },
  head: { textAlign: 'center', fontSize: '18px', fontWeight: 700, letterSpacing: '6px' },
  sub: { display: 'flex', justifyContent: 'space-between', margin: '4px 0 6px' },
  table: { width: '100%', borderCollapse: 'collapse', '& th, & td': { border: '1px solid #000', padding: '3px 6px', textAlign: 'left', fontWeight: 400 } },
  th: { width: '84px', whiteSpace: 'nowrap' },
  amount: { fontWeight: 700 },
  foot: { display: 'flex', justifyContent: 'space-between', marginTop: '8px' },
});

/** Prints the receipt shown (only it reaches the paper). */
export function printReceipt(): void {
  document.body.classList.add('tl-lease-printing');
  try {
    window.print();
  } finally {
    document.body.classList.remove('tl-lease-printing');
  }
}

/** A 收据 (or 退款凭证 for 退押金) laid out for paper: number, parties, kind, method, amount in figures and capitals. */
export function ReceiptView(props: { tenantName: string; contract: LeaseContract; payment: LeasePayment }) {
  usePrintStyles();
  const s = useStyles();
  const { contract: c, payment: p } = props;
  const refund = p.kind === 'refund';
  const row = (label: string, value: string, className?: string) => (
    <tr>
      <th className={s.th} scope="row">{label}</th>
      <td className={className}>{value}</td>
    </tr>
  );
  return (
    <section className={`tl-lease-receipt ${s.sheet}`} aria-label={`收据 ${p.receiptNo}`}>
      <div className={s.head}>{refund ? '退款凭证' : '收款收据'}</div>
      <div className={s.sub}>
        <span>{props.tenantName}</span>
        <span>{`No. ${p.receiptNo}`}</span>
      </div>
      <table className={s.table}>
        <tbody>
          {row(refund ? '退款日期' : '收款日期', p.paidDate)}
          {row(refund ? '收款人' : '交款人', `${c.renterName}（${c.renterPhone}）`)}
          {row('合同', `${c.contractNo}，电动车 ${c.plateNo}`)}
          {row('款项', p.prepaid > 0 ? `${p.kindName}（含预付 ¥${p.prepaid}）` : p.kindName)}
          {row(refund ? '退款方式' : '收款方式', p.methodName)}
          {row('金额', `¥${p.amount.toFixed(2)}`, s.amount)}
          {row('大写', `人民币${p.amountInWords}`, s.amount)}
          {p.note && row('备注', p.note)}
        </tbody>
      </table>
      <div className={s.foot}>
        <span>{`经办人：${p.operator}`}</span>
        <span>{`开具：${p.createTime.slice(0, 16).replace('T', ' ')}`}</span>
      </div>
    </section>
  );
}
