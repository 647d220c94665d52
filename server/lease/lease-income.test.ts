import { describe, expect, it } from 'vitest';
import { incomeByMonth, monthsBetween } from './lease-income';

describe('rent due by month', () => {
  it('owes a month’s rent on the start day and the same day of each following month up to the end', () => {
    const months = monthsBetween('2025-12', '2026-03');
    expect(months).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
    const contracts = [
      // Jan 31 → Feb 28 → Mar 31: three rental months, the end day included
      { startDate: '2026-01-31', endDate: '2026-03-31', closedDate: null, monthlyRent: 30000, status: 'active' as const },
      // returned after its first month began: one month owed
      { startDate: '2026-02-10', endDate: '2026-05-09', closedDate: '2026-02-20', monthlyRent: 20000, status: 'returned' as const },
      // overdue since Dec 31: still owing while the renter keeps the e-bike
      { startDate: '2025-12-01', endDate: '2025-12-31', closedDate: null, monthlyRent: 10000, status: 'overdue' as const },
    ];
    const payments = [{ month: '2026-02', amount: 25000 }];
    expect(incomeByMonth(contracts, payments, months, '2026-02-15')).toEqual([
      { month: '2025-12', due: 100, received: 0 },
      { month: '2026-01', due: 400, received: 0 },
      { month: '2026-02', due: 600, received: 250 },
      { month: '2026-03', due: 300, received: 0 },
    ]);
  });
});
