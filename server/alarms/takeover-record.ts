import type { Clock } from '../clock';
import { hostOf } from '../gateway/gateway-guard';
import type { TerminalTakeoverEvent } from '../gateway/gateway-ports';
import type { AlarmRow } from '../store/alarm-queries';
import type { Store } from '../store/create-store';
import { alarmTypeInfo } from './alarm-catalogue';

/** The alarm type of a refused login from another address. */
export const SPOOF_ALARM = 'spoofSuspected';
/** Who the 操作日志 entries of the gateway's security records name. */
export const DEVICE_GUARD_ACCOUNT = '系统（设备安全）';
/** One record (and alarm) per terminal and outcome this often; the attempts between are counted into the next. */
const RECORD_EVERY_MS = 10 * 60_000;

/**
 * Records what the gateways report when a login from another source address meets a terminal's
 * live connection: every such meeting is written to 操作日志 under the terminal's number
 * (设备冒用嫌疑 when the login was refused, 终端换址上线 when it replaced a silent connection), and
 * a refused one raises a 设备冒用嫌疑 alarm to the tenant. A flood of attempts writes one record per
 * terminal every ten minutes with the count.
 */
export class TakeoverRecorder {
  private readonly recent = new Map<string, { at: number; attempts: number }>();
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly announce: (row: AlarmRow) => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** For the gateway's terminalTakeover event. */
  handle(event: TerminalTakeoverEvent): void {
    const now = this.clock.now().getTime();
    const key = `${event.terminalNo}/${event.refused ? 'refused' : 'replaced'}`;
    const last = this.recent.get(key);
    if (last && now - last.at < RECORD_EVERY_MS) {
      last.attempts++;
      return;
    }
    const attempts = (last?.attempts ?? 0) + 1;
    this.recent.set(key, { at: now, attempts: 0 });
    if (this.recent.size > 10_000) for (const [k, r] of this.recent) if (now - r.at >= RECORD_EVERY_MS) this.recent.delete(k);
    this.writes = this.writes.then(() => this.record(event, attempts)).catch(this.onError);
  }

  /** Resolves when every record so far is written. */
  settled(): Promise<void> {
    return this.writes;
  }

  private async record(e: TerminalTakeoverEvent, attempts: number): Promise<void> {
    const now = this.clock.now();
    const tenantId = e.tenantId;
    const detail = { protocol: e.protocol, address: e.address, liveAddress: e.liveAddress, silentSeconds: e.silentSeconds, attempts };
    await this.store.audit.record({
      tenantId, userId: null, account: DEVICE_GUARD_ACCOUNT, action: e.refused ? '设备冒用嫌疑' : '终端换址上线', target: `终端 ${e.terminalNo}`,
      after: { ...detail, outcome: e.refused ? '新连接被拒绝，在线连接保留' : '新连接取代了已静默的连接' }, ip: hostOf(e.address.slice(0, e.address.lastIndexOf(':'))),
    });
    if (!e.refused) return;
    const own = (await this.store.alarms.settings.controlsOfType(SPOOF_ALARM)).find((c) => c.tenantId === tenantId);
    if (own ? !own.enabled : !alarmTypeInfo(SPOOF_ALARM)!.defaultEnabled) return;
    const row = await this.store.alarms.open({
      tenantId, terminalId: e.terminalId, alarmType: SPOOF_ALARM, source: 'platform', startTime: now, endTime: now,
      lon: null, lat: null, speed: null, detail,
    });
    if (row) this.announce(row);
  }
}
