import type { DemoSeedContext } from '../../../server/module';
import { chinaDay } from './lease-monitor';
import { LeaseQueries } from './lease-queries';

const RENTERS = [
  { name: '刘建国', phone: '13922001101', idNo: '440305198805121237' },
  { name: '陈晓燕', phone: '13922001102', idNo: '440106199208234567' },
  { name: '黄志强', phone: '13922001103', idNo: '440304198503097896' },
];

/** `day` moved by whole days. */
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * 电动车租赁 demo data: three renters and three contracts on the demo's last e-bikes: one running
 * with its deposit and first rent taken, one paid ahead, and one whose end passed a week ago
 * without the e-bike back (已逾期: the lease check raises its alarm). Added once, when the demo
 * tenant has no renter yet.
 */
export async function seedDemoLeases({ store, db, demoTenant, assets: devices, now }: DemoSeedContext): Promise<void> {
  const lease = new LeaseQueries(db);
  const demo = await store.org.findTenantByName(demoTenant);
  if (!demo) return;
  const scope = { userId: 0, tenantId: demo.id, tenantIds: [demo.id], groupIds: null };
  if ((await lease.renterPage(scope, undefined, 0, 1)).total > 0) return;
  const plates = devices.filter((d) => d.assetKind === 'ebike').slice(-3).map((d) => d.name);
  const bikes = await lease.bikes(scope, { limit: 200 });
  const today = chinaDay(now);
  const plans = [
    { start: shift(today, -20), end: shift(today, 160), rent: 30000, deposit: 50000, payments: [['deposit', 'wechat', 50000], ['rent', 'wechat', 30000]] as const },
    { start: shift(today, -45), end: shift(today, 135), rent: 28000, deposit: 40000, payments: [['deposit', 'cash', 40000], ['rent', 'alipay', 84000]] as const },
    { start: shift(today, -67), end: shift(today, -7), rent: 26000, deposit: 30000, payments: [['deposit', 'cash', 30000], ['rent', 'cash', 26000]] as const },
  ];
  for (const [i, plan] of plans.entries()) {
    const bike = bikes.find((b) => b.plateNo === plates[i]);
    if (!bike || bike.rented) continue;
    const renterId = await lease.insertRenter(demo.id, RENTERS[i]!);
    // entered 租赁中: the lease check turns the one past its end 已逾期 and raises its alarm
    const contractId = await lease.insertContract(
      demo.id,
      { vehicleId: bike.id, renterId, startDate: plan.start, endDate: plan.end, monthlyRent: plan.rent, deposit: plan.deposit, status: 'active', note: '演示合同', createdBy: null },
      now,
    );
    if (contractId === undefined) continue;
    for (const [kind, method, amount] of plan.payments) {
      const prepaid = kind === 'rent' && i === 1 ? amount - 2 * plan.rent : 0;
      await lease.addPayment({ tenantId: demo.id, contractId, kind, method, amount, prepaid, paidDate: plan.start, note: '', createdBy: null, operator: '演示管理员' }, now);
    }
  }
}
