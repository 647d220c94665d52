import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { autorun } from 'mobx';
import { observer } from 'mobx-react-lite';
import { makeStyles } from '@fluentui/react-components';
import { EChart, formatChinaTime, preloadEChart, HttpService, LiveService, useService, type Alarm } from '@tianlu/sdk';
import { alarmMixOption, heatMapOption, kindStatusOption, mileageTrendOption, onlineTrendOption } from '../dashboard/dashboard-charts';
import { dashboardKpis, ExpiringRows, TopAlarmRows } from '../dashboard/dashboard-parts';
import { DashboardStore } from '../dashboard/dashboard-store';
import { screenTenantId } from '../dashboard/dashboard-query';
import { openAlarmFeed } from '../dashboard/open-alarm-feed';

/** The design size of the 大屏; the page is scaled to fit the window without scrolling. */
const DESIGN = { width: 1920, height: 1080 };
/** Latest alarms kept in the feed. */
const FEED_ROWS = 8;

const rows = {
  margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '6px', fontSize: '16px',
  '& li': { display: 'grid', gridTemplateColumns: '2fr 1fr 1fr', gap: '8px', padding: '6px 8px', background: 'rgba(58,160,255,0.08)', borderLeft: '3px solid #3aa0ff' },
  '& p': { color: '#7f93b8' },
} as const;

const useStyles = makeStyles({
  viewport: { position: 'fixed', inset: 0, overflow: 'hidden', background: '#040b1a', zIndex: 1000 },
  stage: {
    position: 'absolute', left: 0, top: 0, width: `${DESIGN.width}px`, height: `${DESIGN.height}px`, transformOrigin: '0 0',
    color: '#dce8ff', fontFamily: '"Microsoft YaHei", "PingFang SC", sans-serif',
    background: 'radial-gradient(ellipse at 50% 40%, #0c2550 0%, #061330 55%, #040b1a 100%)',
    display: 'grid', gridTemplateRows: '84px 1fr', boxSizing: 'border-box', padding: '0 24px 24px',
  },
  header: {
    display: 'grid', gridTemplateColumns: '1fr auto 1fr', alignItems: 'center',
    borderBottom: '2px solid rgba(58,160,255,0.5)', boxShadow: '0 6px 18px -12px #3aa0ff',
  },
  title: { margin: 0, fontSize: '36px', letterSpacing: '6px', textAlign: 'center', color: '#ffffff', textShadow: '0 0 12px #3aa0ff' },
  side: { fontSize: '18px', color: '#8fb4ff', display: 'flex', gap: '24px' },
  right: { justifyContent: 'flex-end' },
  body: { display: 'grid', gridTemplateColumns: '460px 1fr 460px', gap: '20px', paddingTop: '20px', minHeight: 0 },
  column: { display: 'flex', flexDirection: 'column', gap: '20px', minHeight: 0 },
  panel: {
    border: '1px solid rgba(58,160,255,0.35)', background: 'rgba(10,30,70,0.55)', padding: '12px 16px', boxSizing: 'border-box', color: '#dce8ff',
    display: 'flex', flexDirection: 'column', gap: '8px', minHeight: 0, overflow: 'hidden',
  },
  panelTitle: { margin: 0, fontSize: '20px', color: '#7fd3ff', borderLeft: '4px solid #3aa0ff', paddingLeft: '10px' },
  kpis: { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '10px' },
  kpi: { display: 'flex', flexDirection: 'column', alignItems: 'center', padding: '8px 4px', background: 'rgba(58,160,255,0.08)' },
  kpiLabel: { fontSize: '15px', color: '#8fb4ff' },
  kpiValue: { fontSize: '30px', fontWeight: 700, color: '#ffffff', fontFamily: 'Consolas, monospace' },
  rows,
  trends: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '20px' },
  error: { color: '#ff7b72', textAlign: 'center' },
});

function Panel(props: { title: string; children: ReactNode; grow?: boolean }) {
  const s = useStyles();
  return (
    <section className={s.panel} style={props.grow ? { flex: 1 } : undefined} aria-label={props.title}>
      <h3 className={s.panelTitle}>{props.title}</h3>
      {props.children}
    </section>
  );
}

interface Fit {
  scale: number;
  left: number;
  top: number;
}

/** Scale of the 1920×1080 stage so it fits its viewport whole, centred. */
function useFit(viewport: RefObject<HTMLDivElement | null>): Fit {
  const [fit, setFit] = useState<Fit>({ scale: 1, left: 0, top: 0 });
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const measure = () => {
      const scale = Math.min(el.clientWidth / DESIGN.width, el.clientHeight / DESIGN.height) || 1;
      setFit({ scale, left: Math.max(0, (el.clientWidth - DESIGN.width * scale) / 2), top: Math.max(0, (el.clientHeight - DESIGN.height * scale) / 2) });
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [viewport]);
  return fit;
}

function useClock(): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return formatChinaTime(now);
}

/**
 * 数据大屏 (menu 1703): the dashboard for control-room screens — dark, 1920×1080 scaled to the
 * window, no scrolling. Opened from 数据看板 in a tab of its own (`?urlType=blank&tenantId=`);
 * the figures reload when the live channel reports positions or alarms (at most every five
 * seconds); 实时告警 lists the open alarms, new ones scroll in as they start and handled ones leave.
 */
export default observer(function ScreenPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const live = useService(LiveService);
  const viewport = useRef<HTMLDivElement>(null);
  const fit = useFit(viewport);
  const clock = useClock();
  const [arrived, setArrived] = useState<Alarm[]>([]);
  const [handled, setHandled] = useState<ReadonlySet<number>>(new Set());
  const store = useMemo(() => {
    const st = new DashboardStore(http);
    st.tenantId = screenTenantId(window.location.search);
    return st;
  }, [http]);

  useEffect(() => {
    // ECharts and the China outline load beside the figures, not after them
    preloadEChart({ chinaMap: true });
    void store.load();
    const watch = live.watchPositions();
    let first = true;
    const positions = autorun(() => {
      live.positions.get(''); // any position change
      if (first) first = false;
      else store.liveChanged();
    });
    const alarms = live.on('alarm', (e) => {
      if (e.event === 'start') setArrived((f) => [e.alarm, ...f.filter((a) => a.id !== e.alarm.id)].slice(0, FEED_ROWS));
      if (e.event === 'processed') setHandled((h) => new Set(h).add(e.alarm.id));
      store.liveChanged();
    });
    return () => {
      positions();
      alarms.dispose();
      watch.dispose();
      store.dispose();
    };
  }, [store, live]);

  const d = store.data;
  // a reload answers every open alarm up to now: what the channel said before it is in there
  useEffect(() => {
    setArrived([]);
    setHandled(new Set());
  }, [d]);
  const feed = useMemo(() => openAlarmFeed(d?.unprocessedAlarms.latest ?? [], arrived, handled, FEED_ROWS), [d, arrived, handled]);
  const charts = useMemo(() => d && {
    kinds: kindStatusOption(d, 'dark'), online: onlineTrendOption(d, 'dark'), mileage: mileageTrendOption(d, 'dark'),
    alarms: alarmMixOption(d, 'dark'), heat: heatMapOption(d, 'dark'),
  }, [d]);

  return (
    <div ref={viewport} className={s.viewport} data-screen="true">
      <div className={s.stage} style={{ transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})` }} data-generated={d?.generatedAt} data-live-refreshes={store.liveRefreshes}>
        <header className={s.header}>
          <div className={s.side}><span>{d?.tenant.name ?? ''}</span><span aria-label="实时连接">{live.status === 'live' ? '● 实时' : '○ 连接中'}</span></div>
          <h1 className={s.title}>数据大屏</h1>
          <div className={`${s.side} ${s.right}`}><span aria-label="更新时间">更新于 {d ? formatChinaTime(d.generatedAt, 'time') : '--:--:--'}</span><span>{clock}</span></div>
        </header>
        {store.error && !d && <p role="alert" className={s.error}>{store.error}</p>}
        {d && charts && (
          <div className={s.body}>
            <div className={s.column}>
              <Panel title="资产概况">
                <div className={s.kpis} aria-label="关键指标">
                  {/* the unprocessed alarms head 实时告警 on the right */}
                  {dashboardKpis(d).filter((k) => k.key !== 'unprocessed').map((k) => (
                    <div key={k.key} className={s.kpi} data-kpi={k.key}>
                      <span className={s.kpiLabel}>{k.label}</span>
                      <span className={s.kpiValue} style={k.color ? { color: k.color } : undefined}>{k.value}{k.unit && <small> {k.unit}</small>}</span>
                    </div>
                  ))}
                </div>
              </Panel>
              <Panel title="资产类型与状态"><EChart label="资产类型与状态" option={charts.kinds} height={250} theme="dark" /></Panel>
              <Panel title="告警类型（近30天）" grow><EChart label="告警类型" option={charts.alarms} height={250} theme="dark" /></Panel>
            </div>
            <div className={s.column}>
              <Panel title="资产分布热力" grow><EChart label="资产分布热力" option={charts.heat} height={600} chinaMap theme="dark" /></Panel>
              <div className={s.trends}>
                <Panel title="近30天在线率"><EChart label="近30天在线率" option={charts.online} height={220} theme="dark" /></Panel>
                <Panel title="近30天里程"><EChart label="近30天里程" option={charts.mileage} height={220} theme="dark" /></Panel>
              </div>
            </div>
            <div className={s.column}>
              <Panel title={`实时告警（未处理 ${d.unprocessedAlarms.total}）`}>
                {feed.length === 0 ? <p style={{ color: '#7f93b8', margin: 0 }}>暂无未处理告警</p> : (
                  <ol className={s.rows} aria-label="实时告警列表">
                    {feed.map((a) => (
                      <li key={a.id}><span>{a.plateNo ?? a.terminalNo}</span><span>{a.alarmName}</span><span>{formatChinaTime(a.startTime, 'time')}</span></li>
                    ))}
                  </ol>
                )}
              </Panel>
              <Panel title="告警最多的资产"><TopAlarmRows data={d} className={s.rows} /></Panel>
              <Panel title={`服务即将到期（${d.expiring.total}）`} grow><ExpiringRows data={d} className={s.rows} /></Panel>
            </div>
          </div>
        )}
      </div>
    </div>
  );
});
