import { type AlarmRow, type Clock, commandDefinition, type CommandRequest, CommandStatus, type CommandView, type Store, type TextMessages } from '../../../server/module';
import { LEASE_OVERDUE_ALARM } from '../elec-lease-declaration';
import type { CutCandidate, LeaseQueries, OverdueContract } from './lease-queries';

/** What the monitor needs of the alarm engine (AlarmEngine fits). */
export interface LeaseAlarmAnnouncer {
  announceRaised(row: AlarmRow): void;
  announceEnded(row: AlarmRow): void;
}

/** What the monitor needs of the command queue (CommandService fits). */
export interface LeaseCommandSender {
  submit(req: CommandRequest): Promise<{ batchId: string; commands: CommandView[] }>;
}

interface WarnLogger {
  warn(obj: object, msg: string): void;
}

export interface LeaseMonitorOptions {
  lease: LeaseQueries;
  store: Store;
  clock: Clock;
  alarms?: LeaseAlarmAnnouncer;
  commands?: LeaseCommandSender;
  /** The renter's warning text goes through it (the tenant's SMS channel); without one no text is sent. */
  texts?: TextMessages;
  log: WarnLogger;
  /** How often the periodic check runs; default a minute. */
  intervalMs?: number;
}

/** A cut refused because the e-bike was moving is tried again after this long. */
export const CUT_RETRY_MS = 10 * 60_000;
/** Who the automatic commands and log entries name. */
export const LEASE_SYSTEM_ACCOUNT = '系统（租约逾期）';

/** The day in China, YYYY-MM-DD. */
export function chinaDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/**
 * Due and overdue leases: every minute (and whenever contracts are read) open contracts move to
 * the state their dates give; one that passes its end day without its e-bike returned becomes
 * 已逾期 and raises one 租约逾期 alarm on the e-bike's terminal. Where the tenant turned automatic
 * 断电 on, an e-bike overdue for its number of days gets the power-cut command (not forced: a
 * moving e-bike is tried again later), an entry in 操作日志 and a warning text to the renter.
 */
export class LeaseMonitor {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  /** The pass waiting for the one under way; callers that come meanwhile share it. */
  private queued: Promise<{ overdue: number; cut: number }> | undefined;

  constructor(private readonly opts: LeaseMonitorOptions) {}

  start(): this {
    this.timer = setInterval(() => void this.check().catch((err: unknown) => this.opts.log.warn({ err }, 'lease check failed')), this.opts.intervalMs ?? 60_000);
    this.timer.unref();
    return this;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running.catch(() => undefined);
  }

  /**
   * One pass that starts after this call (after the one under way in this process); how many
   * contracts became overdue and how many e-bikes were cut. Calls that come while a pass runs
   * share the one pass queued behind it, so a page asking several lists at once waits for two
   * passes at most.
   */
  check(): Promise<{ overdue: number; cut: number }> {
    if (this.queued) return this.queued;
    const next = this.running.catch(() => undefined).then(() => {
      this.queued = undefined;
      return this.pass();
    });
    this.queued = next;
    this.running = next;
    return next;
  }

  private async pass(): Promise<{ overdue: number; cut: number }> {
    const now = this.opts.clock.now();
    const today = chinaDay(now);
    const overdue = await this.opts.lease.refreshStatuses(today, now);
    for (const c of overdue) await this.raiseAlarm(c, now);
    let cut = 0;
    if (this.opts.commands) {
      const retryBefore = new Date(now.getTime() - CUT_RETRY_MS);
      for (const c of await this.opts.lease.cutCandidates(today, retryBefore)) {
        if (await this.cutOff(c, now, retryBefore)) cut += 1;
      }
    }
    return { overdue: overdue.length, cut };
  }

  /** Ends the 租约逾期 alarm of the contract's e-bike (returned, renewed or terminated). */
  async endAlarm(vehicleId: number): Promise<void> {
    const terminalId = await this.opts.lease.terminalOf(vehicleId);
    if (terminalId === undefined) return;
    const row = await this.opts.store.alarms.end(terminalId, LEASE_OVERDUE_ALARM.alarmType, this.opts.clock.now());
    if (row) this.opts.alarms?.announceEnded(row);
  }

  private async raiseAlarm(c: OverdueContract, now: Date): Promise<void> {
    if (c.terminalId === null) return;
    const { store } = this.opts;
    const own = (await store.alarms.settings.controlsOfType(LEASE_OVERDUE_ALARM.alarmType)).find((s) => s.tenantId === c.tenantId);
    if (own ? !own.enabled : !LEASE_OVERDUE_ALARM.defaultEnabled) return;
    const row = await store.alarms.open({
      tenantId: c.tenantId, terminalId: c.terminalId, alarmType: LEASE_OVERDUE_ALARM.alarmType, source: 'platform', startTime: now, lon: null, lat: null, speed: null,
      detail: { contractId: c.id, contractNo: c.contractNo, renterName: c.renterName, endDate: c.endDate },
    });
    if (row) this.opts.alarms?.announceRaised(row);
  }

  private async cutOff(c: CutCandidate, now: Date, retryBefore: Date): Promise<boolean> {
    const { lease, store, commands, texts, log } = this.opts;
    if (!commands || !c.terminalNo || !(await lease.claimCut(c.id, now, retryBefore))) return false;
    const [target] = await store.commands.targets({ tenantIds: [c.tenantId], groupIds: null }, [c.terminalNo]);
    if (!target) return false;
    const parsed = commandDefinition('oilPower').parse({ action: 'cut' });
    if (!parsed.ok) return false;
    const { commands: sent } = await commands.submit({
      targets: [target], commandType: 'oilPower', params: parsed.params, user: { id: c.createdBy ?? 0, account: LEASE_SYSTEM_ACCOUNT },
    });
    const command = sent[0];
    // refused at once (moving): tried again after CUT_RETRY_MS
    if (!command || command.status === CommandStatus.Failed) return false;
    await lease.markCut(c.id, now);
    await store.audit.record({
      tenantId: c.tenantId, userId: null, account: LEASE_SYSTEM_ACCOUNT, action: '租约逾期自动断电', target: `电动车 ${c.plateNo}`,
      after: { contractNo: c.contractNo, renterName: c.renterName, endDate: c.endDate, overdueDays: c.overdueDays, terminalNo: target.displayNo }, ip: null,
    });
    if (texts) {
      const text = `【天路】${c.renterName}您好，您租用的电动车 ${c.plateNo}（合同 ${c.contractNo}）已于 ${c.endDate} 到期，逾期 ${c.overdueDays} 天未还车，电动车已远程断电。请尽快联系还车或续租。`;
      const fields = { name: c.renterName, plate: c.plateNo, contract: c.contractNo, endDate: c.endDate, days: String(c.overdueDays) };
      // on record in the tenant's 推送记录 either way
      const outcome = await texts.send({ tenantId: c.tenantId, phone: c.renterPhone, purpose: 'lease-overdue', text, fields })
        .catch((err: unknown) => ({ sent: false, answer: err instanceof Error ? err.message : String(err) }));
      if (!outcome.sent) log.warn({ contractNo: c.contractNo, answer: outcome.answer }, 'lease overdue text not sent');
    }
    return true;
  }
}
