import { defineServerModule } from '../../../server/module';
import { alarmTypesOf } from '../../../sdk/extension-points';
import { elecLeaseDeclaration } from '../elec-lease-declaration';
import { seedDemoLeases } from './demo-leases';
import { elecLeaseArea } from './lease-income-routes';
import { LeaseMonitor } from './lease-monitor';
import { LeaseQueries } from './lease-queries';
import type { LeaseServices } from './lease-services';
import { elecLease } from './migrations/0017-elec-lease';
import { leasePaymentReceipts } from './migrations/0026-lease-payment-receipts';

/** 电动车租赁's server half: 租户, 合同, 收款, 收入 and 设置, the overdue check and its demo contracts. */
export const elecLeaseModule = defineServerModule<LeaseServices>({
  name: 'elec-lease',
  routes: [elecLeaseArea],
  // declared once, in the declaration's contributes (the console reads them from the manifest)
  alarmTypes: alarmTypesOf(elecLeaseDeclaration.contributes),
  // the names they first ran under: databases that ran them look them up by name
  migrations: { '0017-elec-lease': elecLease, '0026-lease-payment-receipts': leasePaymentReceipts },
  services: ({ db, store, clock, alarms, commands, texts, log }) => {
    const lease = new LeaseQueries(db);
    return { store: lease, monitor: new LeaseMonitor({ lease, store, clock, alarms, commands, texts, log }) };
  },
  jobs: [{ name: 'lease-check', start: (_ctx, { monitor }) => monitor.start() }],
  seedDemo: seedDemoLeases,
});
