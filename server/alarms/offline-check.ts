import type { AlarmRow } from '../store/alarm-queries';
import type { Store } from '../store/create-store';
import { alarmTypeInfo } from './alarm-catalogue';

/**
 * The offline rule (离线超时): a terminal that reported before and whose last position arrived
 * more than `minutes` ago (its tenant's threshold) gets an offline alarm starting at that last
 * position; the next position ends it. Several instances may run the check: the store keeps one
 * open alarm per terminal, so only the instance that opened it returns it.
 */
export async function checkOffline(store: Store, now: Date): Promise<AlarmRow[]> {
  const info = alarmTypeInfo('offline')!;
  const defaultMinutes = info.defaultThresholds.minutes!;
  const saved = new Map((await store.alarms.settings.controlsOfType('offline')).map((c) => [c.tenantId, c]));
  const minutesOf = (tenantId: number): number | undefined => {
    const own = saved.get(tenantId);
    if (own ? !own.enabled : !info.defaultEnabled) return undefined;
    return own?.thresholds.minutes ?? defaultMinutes;
  };
  const candidates = [defaultMinutes, ...[...saved.values()].filter((c) => c.enabled).map((c) => c.thresholds.minutes ?? defaultMinutes)];
  const cutoff = new Date(now.getTime() - Math.min(...candidates) * 60_000);
  const raised: AlarmRow[] = [];
  for (const t of await store.alarms.silentTerminals(cutoff)) {
    const minutes = minutesOf(t.tenantId);
    if (minutes === undefined || now.getTime() - t.receivedTime.getTime() < minutes * 60_000) continue;
    const row = await store.alarms.open({
      tenantId: t.tenantId, terminalId: t.terminalId, alarmType: 'offline', source: 'platform', startTime: t.receivedTime,
      lon: t.lon, lat: t.lat, speed: t.speed, detail: { minutes, lastReceivedTime: t.receivedTime.toISOString() },
    });
    if (row) raised.push(row);
  }
  return raised;
}
