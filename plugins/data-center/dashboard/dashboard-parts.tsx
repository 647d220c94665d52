import type { DashboardData } from '@tianlu/sdk';
import { kindName, STATUS_COLORS, STATUS_NAMES } from './dashboard-charts';

/** One headline figure. */
export interface Kpi {
  key: string;
  label: string;
  value: string | number;
  unit?: string;
  color?: string;
}

/**
 * The headline figures of the dashboard, in the order both pages show them: the assets by status
 * (告警: assets with an open alarm, as 实时监控's 报警), the unprocessed alarms (告警中心's 实时告警),
 * today's and the 30 days' online rate (车辆日在线) and the 30 days' mileage (里程报表).
 */
export function dashboardKpis(d: DashboardData): Kpi[] {
  const t = d.totals;
  return [
    { key: 'total', label: '资产总数', value: t.total },
    { key: 'online', label: STATUS_NAMES.online, value: t.online, color: STATUS_COLORS.online },
    { key: 'offline', label: STATUS_NAMES.offline, value: t.offline, color: STATUS_COLORS.offline },
    { key: 'alarm', label: STATUS_NAMES.alarm, value: t.alarm, color: STATUS_COLORS.alarm },
    { key: 'unprocessed', label: '未处理告警', value: d.unprocessedAlarms.total, color: STATUS_COLORS.alarm },
    { key: 'expired', label: STATUS_NAMES.expired, value: t.expired, color: STATUS_COLORS.expired },
    { key: 'inactive', label: STATUS_NAMES.inactive, value: t.inactive, color: STATUS_COLORS.inactive },
    { key: 'todayRate', label: '今日在线率', value: d.today.onlineRate, unit: '%' },
    { key: 'rate30', label: '近30天在线率', value: d.onlineRate30, unit: '%' },
    { key: 'mileage30', label: '近30天里程', value: d.mileage30, unit: 'km' },
  ];
}

/** The assets with the most alarms: rank, name, kind, count. */
export function TopAlarmRows(props: { data: DashboardData; className?: string }) {
  if (props.data.topAlarmAssets.length === 0) return <p>近30天没有告警</p>;
  return (
    <ol className={props.className} aria-label="告警最多的资产">
      {props.data.topAlarmAssets.map((a) => (
        <li key={a.terminalNo}>
          <span>{a.plateNo ?? a.terminalNo}</span>
          <span>{kindName(a.assetKind)}</span>
          <span>{a.count} 次</span>
        </li>
      ))}
    </ol>
  );
}

/** Services ending within 30 days, soonest first. */
export function ExpiringRows(props: { data: DashboardData; className?: string }) {
  const { total, list } = props.data.expiring;
  if (total === 0) return <p>30天内没有到期的服务</p>;
  return (
    <ol className={props.className} aria-label="即将到期">
      {list.map((a) => (
        <li key={a.terminalNo}>
          <span>{a.plateNo}</span>
          <span>{a.expiryDate}</span>
          <span>{a.daysLeft === 0 ? '今天到期' : `${a.daysLeft} 天后`}</span>
        </li>
      ))}
      {total > list.length && <li>…… 共 {total} 个</li>}
    </ol>
  );
}
