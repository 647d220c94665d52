import type { LeaseIncomeMonth, LeaseStatus } from '../../../sdk/lease';

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

/** The last day a contract owes rent for: its end, the day it closed, or today while 已逾期. */
function lastRentDay(c: IncomeContract, today: string): string {
  return c.closedDate ?? (c.status === 'overdue' && today > c.endDate ? today : c.endDate);
}

/** The days each rental month of the contract begins (its start day, then monthly), up to its last rent day. */
function rentDays(c: IncomeContract, today: string): string[] {
  const last = lastRentDay(c, today);
  const days: string[] = [];
  for (let k = 0, day = c.startDate; day <= last && k <= 1200; k += 1, day = addMonths(c.startDate, k)) days.push(day);
  return days;
}

/** Rent (fen) fallen due by `today`: a month's rent for each rental month begun by then. */
export function rentDueOn(c: IncomeContract, today: string): number {
  return rentDays(c, today).filter((d) => d <= today).length * c.monthlyRent;
}

/** Payments of one month by kind, in fen. */
export interface MonthPayments {
  month: string;
  kind: string;
  amount: number;
}

/**
 * Rent due by month: a contract owes one month's rent at the start of each rental month (its
 * start day, then the same day of each following month) up to the day it ends — its end day, the
 * day it was returned or terminated, or today while it is 已逾期 (the renter still has the
 * e-bike). Received is the rent collected in each month; deposits taken and paid back and
 * 违约金 are counted apart, never as rent. Money in yuan.
 */
export function incomeByMonth(contracts: readonly IncomeContract[], payments: readonly MonthPayments[], months: readonly string[], today: string): LeaseIncomeMonth[] {
  const due = new Map(months.map((m) => [m, 0]));
  for (const c of contracts) {
    for (const day of rentDays(c, today)) {
      const month = day.slice(0, 7);
      if (due.has(month)) due.set(month, due.get(month)! + c.monthlyRent);
    }
  }
  const paid = (month: string, kind: string) => payments.filter((p) => p.month === month && p.kind === kind).reduce((acc, p) => acc + p.amount, 0) / 100;
  return months.map((month) => ({
    month, due: due.get(month)! / 100, received: paid(month, 'rent'), deposit: paid(month, 'deposit'), refunded: paid(month, 'refund'), penalty: paid(month, 'penalty'),
  }));
}
