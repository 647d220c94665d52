import { useEffect, useMemo, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, DesktopRegular } from '@fluentui/react-icons';
import {
  ContributedView, EChart, formatChinaTime, preloadEChart, HttpService, LiveService, NavigationService, Permission, TenantSelect, useContributions, useService,
  type DashboardCardProps,
} from '@tianlu/sdk';
import { alarmMixOption, heatMapOption, kindStatusOption, mileageTrendOption, onlineTrendOption } from '../dashboard/dashboard-charts';
import { dashboardKpis, ExpiringRows, TopAlarmRows } from '../dashboard/dashboard-parts';
import { DashboardStore } from '../dashboard/dashboard-store';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px' },
  head: {
    display: 'flex', alignItems: 'flex-end', gap: '12px', flexWrap: 'wrap', padding: '12px 16px',
    background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2,
  },
  title: { flex: 1, margin: 0, alignSelf: 'center' },
  kpis: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(90px, 1fr))', gap: '8px' },
  kpi: { display: 'flex', flexDirection: 'column', gap: '4px', padding: '10px 12px', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2 },
  kpiValue: { fontSize: '22px', fontWeight: 600 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '12px' },
  card: { display: 'flex', flexDirection: 'column', gap: '6px', padding: '12px 14px', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2, minWidth: 0 },
  wide: { gridColumn: 'span 2' },
  rows: {
    margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '4px',
    '& li': { display: 'grid', gridTemplateColumns: '2fr 1fr 1fr', gap: '8px', padding: '4px 0', borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  },
  error: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

function Card(props: { title: string; wide?: boolean; systemId?: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <section className={props.wide ? `${s.card} ${s.wide}` : s.card} aria-label={props.title} data-contributed-by={props.systemId}>
      <Text weight="semibold">{props.title}</Text>
      {props.children}
    </section>
  );
}

/**
 * 数据看板 (menu 1702): the figures of the caller's tenant, or of one customer picked in its
 * scope — assets by kind and status, online rates, the 30 days' mileage and alarms, where the
 * assets are and whose service ends soon; 数据大屏 opens the same figures full screen. An alarm
 * raised, ended or handled reloads the figures (at most every five seconds), so 告警 stays current.
 * After the built-in cards come those the user's sub-applications contribute (`dashboardCards`),
 * each told the customer chosen.
 */
export default observer(function DashboardPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const nav = useService(NavigationService);
  const live = useService(LiveService);
  const contributed = useContributions('dashboardCards');
  const store = useMemo(() => new DashboardStore(http), [http]);
  useEffect(() => {
    // ECharts and the China outline load beside the figures, not after them
    preloadEChart({ chinaMap: true });
    void store.load();
    live.connect();
    const alarms = live.on('alarm', () => store.liveChanged());
    return () => {
      alarms.dispose();
      live.disconnect();
      store.dispose();
    };
  }, [store, live]);
  const d = store.data;
  const charts = useMemo(() => d && {
    kinds: kindStatusOption(d, 'light'), online: onlineTrendOption(d, 'light'), mileage: mileageTrendOption(d, 'light'),
    alarms: alarmMixOption(d, 'light'), heat: heatMapOption(d, 'light'),
  }, [d]);
  const openScreen = () => nav.openTab('/dataCenter/screen', store.tenantId === undefined ? {} : { tenantId: String(store.tenantId) });

  return (
    <div className={s.page}>
      <div className={s.head}>
        <Text as="h2" size={500} weight="semibold" className={s.title}>数据看板</Text>
        {d && d.customers.length > 1 && (
          <TenantSelect label="客户" options={d.customers} value={store.tenantId ?? d.customers[0]?.id} onChange={(id) => void store.selectTenant(id === d.customers[0]?.id ? undefined : id)} />
        )}
        <Button icon={<ArrowClockwiseRegular />} disabled={store.loading} onClick={() => void store.load()}>刷新</Button>
        <Permission menu={1703}>
          <Button appearance="primary" icon={<DesktopRegular />} onClick={openScreen}>数据大屏</Button>
        </Permission>
      </div>
      {store.error && <Text role="alert" className={s.error}>{store.error}</Text>}
      {!d && !store.error && <Text className={s.muted} aria-busy="true">加载中…</Text>}
      {d && charts && (
        <Text className={s.muted} aria-label="统计范围">{`${d.tenant.name} · 更新于 ${formatChinaTime(d.generatedAt)}`}</Text>
      )}
      {d && (
        <div className={s.kpis} aria-label="关键指标">
          {dashboardKpis(d).map((k) => (
            <div key={k.key} className={s.kpi} data-kpi={k.key}>
              <Text size={200} className={s.muted}>{k.label}</Text>
              <span className={s.kpiValue} style={k.color ? { color: k.color } : undefined}>{k.value}{k.unit && <Text size={200}> {k.unit}</Text>}</span>
            </div>
          ))}
        </div>
      )}
      {/* the sub-applications' cards are there (hidden) from the start: their code and figures load beside the dashboard's */}
      <div className={s.grid} style={d && charts ? undefined : { display: 'none' }}>
        {d && charts && (
          <>
            <Card title="资产类型与状态"><EChart label="资产类型与状态" option={charts.kinds} height={240} /></Card>
            <Card title="近30天在线率"><EChart label="近30天在线率" option={charts.online} height={240} /></Card>
            <Card title="近30天里程"><EChart label="近30天里程" option={charts.mileage} height={240} /></Card>
            <Card title="资产分布热力" wide><EChart label="资产分布热力" option={charts.heat} height={420} chinaMap /></Card>
            <Card title="告警类型（近30天）"><EChart label="告警类型" option={charts.alarms} height={420} /></Card>
            <Card title="告警最多的资产"><TopAlarmRows data={d} className={s.rows} /></Card>
            <Card title={`服务即将到期（30天内 ${d.expiring.total} 个）`} wide><ExpiringRows data={d} className={s.rows} /></Card>
          </>
        )}
        {contributed.map((c) => (
          <Card key={`${c.systemId}/${c.id}`} title={c.title} wide={c.span === 2} systemId={c.systemId}>
            <ContributedView<DashboardCardProps> contribution={c} props={store.tenantId === undefined ? {} : { tenantId: store.tenantId }} />
          </Card>
        ))}
      </div>
    </div>
  );
});
