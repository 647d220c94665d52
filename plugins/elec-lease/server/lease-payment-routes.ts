import { badInput, int, notFound, object, sessionRoute, text } from '../../../server/module';
import { LEASE_PAYMENT_KIND_NAMES, LEASE_PAYMENT_METHOD_NAMES, type LeaseContract, type LeasePayment, type LeasePaymentKind, type LeasePaymentList, type LeasePaymentMethod } from '../../../sdk/lease';
import { openContract, refreshed, today } from './lease-contract-routes';
import { checkDay, checkMoney, contractItem, LEASE_API, LeaseResource, paymentItem, rentOwed } from './lease-fields';
import { leaseOf } from './lease-services';

const BASE = `${LEASE_API}/contract`;
const yuan = (fen: number) => fen / 100;

interface PayBody {
  id: number;
  amount?: unknown;
  paidDate?: string;
  kind?: LeasePaymentKind;
  method?: LeasePaymentMethod;
  note?: string;
  /** The operator saw that a rent payment is more than is owed and takes the rest as 预付. */
  confirmPrepay?: boolean;
}

export const contractPayRoute = sessionRoute<unknown, PayBody>({
  method: 'POST',
  url: `${BASE}/pay.json`,
  summary:
    '收款：记下合同的一笔款项（kind：rent 租金 / deposit 押金 / penalty 违约金 / refund 退押金，缺省租金；method：cash 现金 / wechat 微信 / alipay 支付宝 / bank 银行转账 / card 刷卡 / other 其他，缺省现金；' +
    '金额元；收款日期缺省今天），开出收据（SJ-年份-六位序号，每个客户每年连续编号）。押金不超过合同押金未收部分，退押金不超过已收押金；租金超过当前欠费时须 confirmPrepay=true 确认多出部分为预付，否则答复 400（obj 含 owed、over）。' +
    '答复合同（含 received 实收租金、balance 欠费/预付、depositHeld 押金余额）及 payment 收据',
  resource: LeaseResource.pay,
  schema: {
    body: object(
      {
        id: int('合同', 1), amount: { title: '收款金额' }, paidDate: text('收款日期', 10),
        kind: { type: 'string', title: '款项类型', enum: Object.keys(LEASE_PAYMENT_KIND_NAMES) },
        method: { type: 'string', title: '收款方式', enum: Object.keys(LEASE_PAYMENT_METHOD_NAMES) },
        note: text('备注', 100), confirmPrepay: { type: 'boolean', title: '确认预付' },
      },
      ['id'],
    ),
  },
  handler: async (ctx) => {
    const { body, deps, audit, user } = ctx;
    const c = await openContract(ctx, true);
    const kind = body.kind ?? 'rent';
    const method = body.method ?? 'cash';
    const name = LEASE_PAYMENT_KIND_NAMES[kind];
    const amount = checkMoney(body.amount, '收款金额', 0.01);
    const day = today(deps);
    const paidDate = body.paidDate ? checkDay(body.paidDate, '收款日期') : day;
    if (paidDate > day) throw badInput('收款日期不能晚于今天');
    let prepaid = 0;
    if (kind === 'refund' && amount > c.depositHeld) throw badInput(`退押金不能超过已收押金 ¥${yuan(c.depositHeld)}`);
    if (kind === 'deposit' && amount > c.deposit - c.depositHeld) {
      throw badInput(`押金收款不能超过合同押金未收部分 ¥${yuan(Math.max(0, c.deposit - c.depositHeld))}（合同押金 ¥${yuan(c.deposit)}，已收 ¥${yuan(c.depositHeld)}）`);
    }
    if (kind === 'rent') {
      const owed = rentOwed(c, day);
      prepaid = Math.max(0, amount - owed);
      if (prepaid > 0 && body.confirmPrepay !== true) {
        throw badInput(`本次租金 ¥${yuan(amount)} 超过当前欠费 ¥${yuan(owed)}，多出的 ¥${yuan(prepaid)} 将记为预付租金；如含押金请分开按押金收款，确认预付后再提交`, {
          owed: yuan(owed), over: yuan(prepaid),
        });
      }
    }
    const payment = await leaseOf(deps).store.addPayment(
      { tenantId: c.tenantId, contractId: c.id, kind, method, amount, prepaid, paidDate, note: (body.note ?? '').trim(), createdBy: user.id, operator: user.name || user.account },
      deps.clock.now(),
    );
    const after = (await leaseOf(deps).store.findContract(await ctx.scope(), c.id))!;
    await audit({
      action: kind === 'refund' ? '退押金' : `${name}收款`, target: `合同 ${c.contractNo} 收据 ${payment.receiptNo}`,
      after: { kind: name, method: LEASE_PAYMENT_METHOD_NAMES[method], amount: yuan(amount), paidDate, ...(prepaid > 0 && { prepaid: yuan(prepaid) }) }, tenantId: c.tenantId,
    });
    const answer: LeaseContract & { payment: LeasePayment } = { ...contractItem(after, day), payment: paymentItem(payment) };
    return answer;
  },
});

export const contractPaymentsRoute = sessionRoute<{ id: number }>({
  method: 'GET',
  url: `${BASE}/payments.json`,
  summary: '合同的收款记录（含收据号、款项类型、收款方式、大写金额、经办人），旧的在前；打印收据用',
  resource: LeaseResource.contracts,
  alsoResources: [LeaseResource.income],
  schema: { querystring: object({ id: int('合同', 1) }, ['id']) },
  handler: async ({ query, deps, scope }): Promise<LeasePaymentList> => {
    await refreshed(deps);
    const c = await leaseOf(deps).store.findContract(await scope(), query.id);
    if (!c) throw notFound('合同不存在');
    const [payments, tenantName] = await Promise.all([leaseOf(deps).store.payments(c.id), leaseOf(deps).store.tenantName(c.tenantId)]);
    return { contract: contractItem(c, today(deps)), tenantName, list: payments.map(paymentItem) };
  },
});
