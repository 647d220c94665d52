import { describe, expect, it } from 'vitest';
import { incomeByMonth, monthsBetween, rentDueOn } from './lease-income';

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
    const payments = [
      { month: '2026-02', kind: 'rent', amount: 25000 },
      { month: '2026-02', kind: 'deposit', amount: 50000 },
      { month: '2026-03', kind: 'refund', amount: 20000 },
      { month: '2026-03', kind: 'penalty', amount: 5000 },
    ];
    const zero = { deposit: 0, refunded: 0, penalty: 0 };
    expect(incomeByMonth(contracts, payments, months, '2026-02-15')).toEqual([
      { month: '2025-12', due: 100, received: 0, ...zero },
      { month: '2026-01', due: 400, received: 0, ...zero },
      // the ¥500 deposit is not rent
      { month: '2026-02', due: 600, received: 250, ...zero, deposit: 500 },
      { month: '2026-03', due: 300, received: 0, ...zero, refunded: 200, penalty: 50 },
    ]);
  });

  it('counts the rent fallen due by a day: the months begun by then, up to the end or today while overdue', () => {
    const c = { startDate: '2026-01-31', endDate: '2026-04-30', closedDate: null, monthlyRent: 30000, status: 'active' as const };
    expect(rentDueOn(c, '2026-01-30')).toBe(0);
    expect(rentDueOn(c, '2026-01-31')).toBe(30000);
    // Jan 31, Feb 28
    expect(rentDueOn(c, '2026-03-30')).toBe(60000);
    // Jan 31, Feb 28, Mar 31, Apr 30: the last month begins on the end day
    expect(rentDueOn(c, '2026-06-01')).toBe(120000);
    // overdue since Apr 30, kept till Jun 1: May 31 too
    expect(rentDueOn({ ...c, status: 'overdue' }, '2026-06-01')).toBe(150000);
    expect(rentDueOn({ ...c, closedDate: '2026-02-01', status: 'returned' }, '2026-06-01')).toBe(30000);
  });
});
