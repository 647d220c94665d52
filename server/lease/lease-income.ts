import type { LeaseIncomeMonth, LeaseStatus } from '../../sdk/lease';

export interface IncomeContract {
  startDate: string;
  endDate: string;
  closedDate: string | null;
  /** Fen. */
  monthlyRent: number;
  status: LeaseStatus;
}

/** The months from `from` to `to` (YYYY-MM), both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      y += 1;
      m = 1;
    }
  }
  return months;
}

/** `day` (YYYY-MM-DD) plus `n` months, kept within the month (Jan 31 + 1 → Feb 28). */
function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + n;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * Rent due by month: a contract owes one month's rent at the start of each rental month (its
 * start day, then the same day of each following month) up to the day it ends — its end day, the
 * day it was returned or terminated, or today while it is 已逾期 (the renter still has the
 * e-bike). Received is what was collected in each month. Money in yuan.
 */
export function incomeByMonth(contracts: readonly IncomeContract[], payments: readonly { month: string; amount: number }[], months: readonly string[], today: string): LeaseIncomeMonth[] {
  const due = new Map(months.map((m) => [m, 0]));
  for (const c of contracts) {
    const last = c.closedDate ?? (c.status === 'overdue' && today > c.endDate ? today : c.endDate);
    for (let k = 0, day = c.startDate; day <= last; k += 1, day = addMonths(c.startDate, k)) {
      const month = day.slice(0, 7);
      if (due.has(month)) due.set(month, due.get(month)! + c.monthlyRent);
      if (k > 1200) break;
    }
  }
  const received = new Map(payments.map((p) => [p.month, p.amount]));
  return months.map((month) => ({ month, due: due.get(month)! / 100, received: (received.get(month) ?? 0) / 100 }));
}
