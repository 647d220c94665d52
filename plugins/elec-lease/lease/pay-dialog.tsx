import { useState } from 'react';
import { Checkbox, Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import {
  ElecLeaseApi,
  chinaDay, FormDialog, HttpService, Input, LEASE_PAYMENT_KIND_NAMES, LEASE_PAYMENT_METHOD_NAMES, type LeaseContract, type LeasePayment, type LeasePaymentKind,
  type LeasePaymentMethod, useService,
} from '@tianlu/sdk';

const useStyles = makeStyles({
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px' },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

/** What a kind of payment suggests: the rent owed, the deposit still to take, or the deposit held to pay back. */
function suggested(kind: LeasePaymentKind, c: LeaseContract): string {
  const round = (n: number) => String(Math.max(0, Math.round(n * 100) / 100));
  if (kind === 'rent') return round(c.balance < 0 ? -c.balance : c.monthlyRent);
  if (kind === 'deposit') return round(c.deposit - c.depositHeld);
  if (kind === 'refund') return round(c.depositHeld);
  return '';
}

/**
 * 收款 of one contract: what it is for (租金, 押金, 违约金, 退押金), how it was paid, the amount and
 * day. Rent above what is owed is taken only once the operator confirms the rest as 预付.
 */
export function PayDialog(props: { contract: LeaseContract; onDone: (c: LeaseContract, payment: LeasePayment) => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const { contract: c } = props;
  const [kind, setKind] = useState<LeasePaymentKind>(c.depositHeld < c.deposit ? 'deposit' : 'rent');
  const [method, setMethod] = useState<LeasePaymentMethod>('wechat');
  const [amount, setAmount] = useState(() => suggested(kind, c));
  const [paidDate, setPaidDate] = useState(chinaDay());
  const [note, setNote] = useState('');
  const [over, setOver] = useState<{ owed: number; over: number; msg: string }>();
  const [confirmPrepay, setConfirmPrepay] = useState(false);

  const changeKind = (k: LeasePaymentKind) => {
    setKind(k);
    setAmount(suggested(k, c));
    setOver(undefined);
    setConfirmPrepay(false);
  };

  /** Takes the payment; rent above what is owed first asks (the dialog stays open with the question). */
  const submit = async () => {
    const res = await http.call(ElecLeaseApi.pay, { id: c.id, kind, method, amount, paidDate, note, confirmPrepay: kind === 'rent' && confirmPrepay });
    const asked = res.obj as unknown as { owed?: number; over?: number } | null;
    if (res.flag === 1) return props.onDone(res.obj, res.obj.payment);
    if (typeof asked?.over !== 'number') throw new Error(res.msg);
    setOver({ owed: asked.owed ?? 0, over: asked.over, msg: res.msg });
    return false;
  };

  return (
    <FormDialog
      title={`收款：${c.plateNo}`}
      label="收款"
      submitText={kind === 'refund' ? '确认退押金' : '确认收款'}
      disabled={over !== undefined && !confirmPrepay}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <Text>{`合同 ${c.contractNo}，租户 ${c.renterName}，月租金 ¥${c.monthlyRent}`}</Text>
      <Text>{`应收租金 ¥${c.rentDue}，已收 ¥${c.received}（${c.balanceName}）；押金 ¥${c.deposit}，已收押金余额 ¥${c.depositHeld}`}</Text>
      <div className={s.pair}>
        <Field label="款项类型" required>
          <Select value={kind} onChange={(_, d) => changeKind(d.value as LeasePaymentKind)}>
            {Object.entries(LEASE_PAYMENT_KIND_NAMES).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
          </Select>
        </Field>
        <Field label={kind === 'refund' ? '退款方式' : '收款方式'} required>
          <Select value={method} onChange={(_, d) => setMethod(d.value as LeasePaymentMethod)}>
            {Object.entries(LEASE_PAYMENT_METHOD_NAMES).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
          </Select>
        </Field>
        <Field label={kind === 'refund' ? '退还金额（元）' : '金额（元）'} required>
          <Input value={amount} inputMode="decimal" maxLength={10} onChange={(_, d) => {
            setAmount(d.value);
            setOver(undefined);
            setConfirmPrepay(false);
          }} />
        </Field>
        <Field label="收款日期" required>
          <Input type="date" value={paidDate} onChange={(_, d) => setPaidDate(d.value)} />
        </Field>
      </div>
      <Field label="备注">
        <Input value={note} maxLength={100} onChange={(_, d) => setNote(d.value)} />
      </Field>
      {over && (
        <>
          <Text role="alert" className={s.warn}>{over.msg}</Text>
          <Checkbox checked={confirmPrepay} onChange={(_, d) => setConfirmPrepay(d.checked === true)} label={`确认多出的 ¥${over.over} 记为预付租金`} />
        </>
      )}
    </FormDialog>
  );
}
