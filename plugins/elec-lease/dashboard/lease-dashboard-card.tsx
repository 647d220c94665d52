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
    http
      .call(ElecLeaseApi.contractCounts, tenantId === undefined ? {} : { tenantId })
      .then((res) => {
        const byStatus = expectOk(res);
        if (current) setState({ counts: FIGURES.map((f) => byStatus[f.status]) });
      })
      .catch((e: unknown) => current && setState({ error: e instanceof Error ? e.message : String(e) }));
    return () => {
      current = false;
    };
  }, [http, tenantId]);
  if (state.error) return <Text role="alert" className={s.alert}>{state.error}</Text>;
  if (!state.counts) return <Text className={s.muted} aria-busy="true">加载中…</Text>;
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
