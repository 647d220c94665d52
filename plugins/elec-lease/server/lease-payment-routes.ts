import { badInput, notFound, sessionRoute } from '../../../server/module';
import { ElecLeaseApi } from '../../../sdk/contracts/elec-lease';
import { LEASE_PAYMENT_KIND_NAMES, LEASE_PAYMENT_METHOD_NAMES, type LeaseContract, type LeasePayment, type LeasePaymentList } from '../../../sdk/lease';
import { openContract, refreshed, today } from './lease-contract-routes';
import { checkDay, checkMoney, contractItem, LeaseResource, paymentItem, rentOwed } from './lease-fields';
import { leaseOf } from './lease-services';

const yuan = (fen: number) => fen / 100;

export const contractPayRoute = sessionRoute.of(ElecLeaseApi.pay, {
  resource: LeaseResource.pay,
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

export const contractPaymentsRoute = sessionRoute.of(ElecLeaseApi.payments, {
  resource: LeaseResource.contracts,
  alsoResources: [LeaseResource.income],
  handler: async ({ query, deps, scope }): Promise<LeasePaymentList> => {
    await refreshed(deps);
    const c = await leaseOf(deps).store.findContract(await scope(), query.id);
    if (!c) throw notFound('合同不存在');
    const [payments, tenantName] = await Promise.all([leaseOf(deps).store.payments(c.id), leaseOf(deps).store.tenantName(c.tenantId)]);
    return { contract: contractItem(c, today(deps)), tenantName, list: payments.map(paymentItem) };
  },
});
