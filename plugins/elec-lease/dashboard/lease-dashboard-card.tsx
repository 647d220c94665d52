import { useEffect, useState } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { ElecLeaseApi, expectOk, HttpService, useService, type DashboardCardProps, type LeaseStatus } from '@tianlu/sdk';

/** The figures of the card, in its order; 已逾期 in red when there is any. */
const FIGURES: readonly { status: LeaseStatus; label: string; alert?: boolean }[] = [
  { status: 'active', label: '租赁中' },
  { status: 'overdue', label: '已逾期', alert: true },
  { status: 'pending', label: '待生效' },
];

const useStyles = makeStyles({
  figures: { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '8px' },
  figure: { display: 'flex', flexDirection: 'column', gap: '2px', padding: '6px 0' },
  value: { fontSize: '22px', fontWeight: 600 },
  alert: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** How many contracts are in one status (the list's total, one row read). */
async function countOf(http: HttpService, status: LeaseStatus, tenantId: number | undefined): Promise<number> {
  const query = { current: 1, pageSize: 1, status, ...(tenantId !== undefined && { tenantId }) };
  return expectOk(await http.call(ElecLeaseApi.contracts, query)).total;
}

/**
 * 租赁概况, 电动车租赁's card of 数据中心's dashboard: its contracts 租赁中, 已逾期 and 待生效, of
 * the customer the dashboard shows.
 */
export default function LeaseDashboardCard(props: DashboardCardProps) {
  const s = useStyles();
  const http = useService(HttpService);
  const { tenantId } = props;
  const [state, setState] = useState<{ counts?: number[]; error?: string }>({});
  useEffect(() => {
    let current = true;
    Promise.all(FIGURES.map((f) => countOf(http, f.status, tenantId))).then(
      (counts) => current && setState({ counts }),
      (e: unknown) => current && setState({ error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      current = false;
    };
  }, [http, tenantId]);
  if (state.error) return <Text role="alert" className={s.alert}>{state.error}</Text>;
  if (!state.counts) return <Text className={s.muted}>加载中…</Text>;
  const counts = state.counts;
  return (
    <div className={s.figures} aria-label="租赁合同数">
      {FIGURES.map((f, i) => (
        <div key={f.status} className={s.figure} data-lease={f.status}>
          <Text size={200} className={s.muted}>{f.label}</Text>
          <span className={f.alert && counts[i]! > 0 ? `${s.value} ${s.alert}` : s.value}>
            {counts[i]}<Text size={200}> 份</Text>
          </span>
        </div>
      ))}
    </div>
  );
}
