import { moduleServices } from '../../../server/module';
import type { LeaseMonitor } from './lease-monitor';
import type { LeaseQueries } from './lease-queries';

/** What 电动车租赁 builds once per server: its queries and the due and overdue check. */
export interface LeaseServices {
  store: LeaseQueries;
  monitor: LeaseMonitor;
}

/** 电动车租赁's services, from a route's deps. */
export const leaseOf = moduleServices<LeaseServices>('elec-lease');
