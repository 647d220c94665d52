import { DEFAULT_VIBRATION_WINDOW_SECONDS } from '../../sdk/ebike-guard';
import type { AlarmEvent, EventBus } from '../bus/bus-events';
import type { Clock } from '../clock';
import type { GatewayEvents, PositionRow } from '../gateway/gateway-ports';
import type { AlarmRow, NewAlarm } from '../store/alarm-queries';
import type { Store } from '../store/create-store';
import { alarmTypeInfo } from './alarm-catalogue';
import { toAlarm } from './alarm-model';
import { emptyAlarmState, evaluateLate, evaluatePosition, primeTimers, type AlarmTransition, type AssetAlarmState } from './alarm-rules';
import { restoredRun } from './guard-rules';
import { checkOffline } from './offline-check';
import { RuleContextCache, type TerminalContext } from './rule-context-cache';
import { toRulePosition } from './rule-position';
import { TakeoverRecorder } from './takeover-record';

export interface AlarmEngineOptions {
  store: Store;
  bus: EventBus;
  clock: Clock;
  onError(err: unknown): void;
  /** How often silent terminals are checked for the offline rule. Default 60 000 ms. */
  offlineCheckMs?: number;
  /** How long tenant controls and fence bindings are reused before being read again. Default 30 000 ms. */
  cacheTtlMs?: number;
  /** Terminals evaluated at once. Default 4. */
  concurrency?: number;
  /**
   * A late alarm (补报) whose device time is at most this old is raised to the desk (live channel,
   * 告警推送 outbox) as a new one; older ones are only recorded. Default 10 minutes (LATE_ALARM_PUSH_MINUTES).
   */
  latePushMs?: number;
  /** Told of every alarm it raised or ended (and those announced through it), after the bus. */
  onAnnounced?(event: 'start' | 'end', row: AlarmRow): void;
}

type LateTransition = Extract<AlarmTransition, { kind: 'late' }>;

/** The late alarm a run of late reports with the same alarm set extends, and the newest report of it. */
interface LateRun {
  id: number;
  last: Date;
}

/** One terminal's pending positions and rule memory. */
interface TerminalWork {
  queue: PositionRow[];
  state: AssetAlarmState | undefined;
  /** Read the open alarms and fence sides again before the next position (a new connection, changed settings). */
  reload: boolean;
  lastReceived: number | undefined;
  running: boolean;
  /** Late alarms by type whose run of late reports may go on (a blind-area upload comes in order). */
  lateRuns: Map<string, LateRun>;
}

/** A silence this long (ms) between two positions re-reads the open alarms: another instance may have raised offline. */
const RELOAD_AFTER_GAP_MS = 60_000;
/** How far back timers (overspeed, parking) are rebuilt from stored positions after a restart. */
const MAX_PRIME_MS = 24 * 3600_000;
/**
 * A 震动告警 episode of a silent device ends this long after its window passed: a report still in
 * flight (device time within the window) then goes on with the episode instead of starting another.
 */
const QUIET_GRACE_MS = 60_000;

/**
 * The alarm engine of this instance. It evaluates positions the local gateway committed (the
 * instance that holds a terminal's connection), after the commit and off the acknowledgement
 * path: positions queue per terminal and are evaluated in order, a few terminals at a time. Rule
 * memory lives here and is rebuilt from the store when a terminal is first seen or reconnects.
 * Alarms go to the store with their deliveries (the 告警推送 outbox, same transaction), then to
 * the bus (live channel).
 */
export class AlarmEngine {
  private readonly work = new Map<number, TerminalWork>();
  private readonly ready: number[] = [];
  private running = 0;
  private readonly contexts: RuleContextCache;
  private timer: NodeJS.Timeout | undefined;
  private offlineRun: Promise<unknown> = Promise.resolve();
  private idleWaiters: (() => void)[] = [];
  private closed = false;
  private readonly detachBus: () => void;
  private readonly takeovers: TakeoverRecorder;

  /** Attach to the gateway: `gateway.subscribe(engine.gatewayEvents)`. */
  readonly gatewayEvents: Partial<GatewayEvents> = {
    positionsCommitted: (rows) => this.enqueue(rows),
    terminalOnline: (e) => this.markReload(e.terminalId),
    terminalOffline: (e) => this.markReload(e.terminalId),
    terminalTakeover: (e) => this.takeovers.handle(e),
  };

  constructor(private readonly opts: AlarmEngineOptions) {
    // 设备冒用嫌疑: recorded in 操作日志 and raised like every other alarm
    this.takeovers = new TakeoverRecorder(opts.store, opts.clock, (row) => this.announce('start', row), opts.onError);
    this.contexts = new RuleContextCache(opts.store, () => opts.clock.now().getTime(), opts.cacheTtlMs);
    // a vehicle edited on any instance (speed limit, group, binding) applies from the terminal's next position
    this.detachBus = opts.bus.subscribe((e) => {
      if (e.type === 'assets') this.contexts.forget(e.terminalIds);
    });
  }

  /** Starts the periodic offline check (and the end of 震动告警 episodes whose device fell silent). */
  start(): this {
    const every = this.opts.offlineCheckMs ?? 60_000;
    this.timer = setInterval(() => {
      this.offlineRun = Promise.all([this.checkOffline(), this.endQuietEpisodes()]).catch(this.opts.onError);
    }, every);
    this.timer.unref();
    return this;
  }

  /** Alarm controls, fences or vehicles changed: read them (and the stored fence sides) again. */
  invalidate(): void {
    this.contexts.invalidate();
    for (const w of this.work.values()) w.reload = true;
  }

  /** Raises offline alarms for terminals silent longer than their tenant allows; resolves with how many. */
  async checkOffline(now = this.opts.clock.now()): Promise<number> {
    const raised = await checkOffline(this.opts.store, now);
    for (const row of raised) {
      const state = this.work.get(row.terminalId)?.state;
      state?.open.add('offline');
      this.announce('start', row);
    }
    return raised.length;
  }

  /**
   * Ends the 震动告警 episodes whose last vibration is longer ago than their window (their devices
   * fell silent or stopped shaking without a report since): end time the last vibration. Those of
   * devices still reporting end with their next report already; this catches the rest, also after a
   * restart. Resolves with how many ended.
   */
  async endQuietEpisodes(now = this.opts.clock.now()): Promise<number> {
    const ended = await this.opts.store.alarms.endQuietEpisodes('vibration', now, DEFAULT_VIBRATION_WINDOW_SECONDS, QUIET_GRACE_MS);
    for (const row of ended) {
      const state = this.work.get(row.terminalId)?.state;
      // unless a vibration reported meanwhile already went on past it
      if (state && (!state.vibration || (row.endTime && state.vibration.last <= row.endTime))) {
        state.vibration = undefined;
        state.open.delete('vibration');
      }
      this.announce('end', row);
    }
    return ended.length;
  }

  /** Tells the live channel and the push settings of an alarm raised outside the position rules (租约逾期). */
  announceRaised(row: AlarmRow): void {
    this.announce('start', row);
  }

  /** The same for the end of such an alarm (the e-bike returned). */
  announceEnded(row: AlarmRow): void {
    this.announce('end', row);
  }

  /** Resolves when every position handed over so far has been evaluated. */
  settled(): Promise<void> {
    if (this.running === 0 && this.ready.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops the offline check and finishes what is queued. */
  async close(): Promise<void> {
    this.closed = true;
    this.detachBus();
    if (this.timer) clearInterval(this.timer);
    await this.offlineRun;
    await this.settled();
    await this.takeovers.settled();
  }

  private enqueue(rows: readonly PositionRow[]): void {
    if (this.closed) return;
    for (const row of rows) {
      const id = row.terminalId;
      let w = this.work.get(id);
      if (!w) {
        w = { queue: [], state: undefined, reload: false, lastReceived: undefined, running: false, lateRuns: new Map() };
        this.work.set(id, w);
      }
      w.queue.push(row);
      if (!w.running && w.queue.length === 1) this.ready.push(id);
    }
    this.pump();
  }

  private markReload(terminalId: number): void {
    const w = this.work.get(terminalId);
    if (w) w.reload = true;
  }

  private pump(): void {
    while (this.running < (this.opts.concurrency ?? 4) && this.ready.length > 0) {
      const id = this.ready.shift()!;
      const w = this.work.get(id)!;
      if (w.running) continue;
      w.running = true;
      this.running++;
      void this.drain(id, w)
        .catch(this.opts.onError)
        .finally(() => {
          w.running = false;
          this.running--;
          if (w.queue.length > 0) this.ready.push(id);
          this.pump();
          if (this.running === 0 && this.ready.length === 0) this.idleWaiters.splice(0).forEach((r) => r());
        });
    }
  }

  private async drain(terminalId: number, w: TerminalWork): Promise<void> {
    while (w.queue.length > 0) {
      const row = w.queue.shift()!;
      try {
        await this.evaluate(terminalId, w, row);
      } catch (err) {
        // the memory may no longer match the store: read it again with the next position
        w.state = undefined;
        this.opts.onError(err);
      }
    }
  }

  private async evaluate(terminalId: number, w: TerminalWork, row: PositionRow): Promise<void> {
    const ctx = await this.contexts.forTerminal(terminalId);
    if (!ctx) return;
    const position = toRulePosition(row);
    // blind-area data: the live rules moved past it, only the alarms it carries are recorded
    if (row.backfill) {
      await this.recordLate(terminalId, ctx, w, position.time, evaluateLate(position, ctx).transitions as LateTransition[]);
      return;
    }
    const received = position.receivedTime.getTime();
    const reload = w.reload;
    w.reload = false;
    if (!w.state) {
      w.state = await this.loadState(terminalId, ctx, position.time);
    } else if (reload) {
      const [open, inside] = await Promise.all([this.opts.store.alarms.openTypes(terminalId), this.opts.store.fences.states(terminalId)]);
      w.state.open = new Set(open);
      w.state.inside = inside;
    } else if (w.lastReceived !== undefined && received - w.lastReceived >= RELOAD_AFTER_GAP_MS) {
      w.state.open = new Set(await this.opts.store.alarms.openTypes(terminalId));
    }
    w.lastReceived = received;
    const isLate = w.state.lastTime !== undefined && position.time.getTime() <= w.state.lastTime.getTime();
    const outcome = evaluatePosition(w.state, position, ctx);
    if (isLate) await this.recordLate(terminalId, ctx, w, position.time, outcome.transitions.filter((t): t is LateTransition => t.kind === 'late'));
    for (const t of outcome.transitions) if (t.kind !== 'late') await this.apply(terminalId, ctx, t);
    if (outcome.fenceChanges.length) await this.opts.store.fences.saveStates(terminalId, outcome.fenceChanges);
  }

  /** Rule memory from the store: open alarms, fence sides, and timers replayed from recent positions. */
  private async loadState(terminalId: number, ctx: TerminalContext, before: Date): Promise<AssetAlarmState> {
    const { store } = this.opts;
    const state = emptyAlarmState();
    const [open, inside] = await Promise.all([store.alarms.openTypes(terminalId), store.fences.states(terminalId)]);
    state.open = new Set(open);
    state.inside = inside;
    // a 震动告警 episode still open goes on (its count, its last vibration, its window)
    const episode = state.open.has('vibration') ? await store.alarms.openOf(terminalId, 'vibration') : undefined;
    if (episode) state.vibration = restoredRun(episode, ctx);
    const parking = ctx.controls.get('parking');
    const overspeed = ctx.controls.get('platformOverspeed');
    const windowMs = Math.min(
      MAX_PRIME_MS,
      Math.max(parking?.enabled ? (parking.thresholds.minutes ?? 0) * 60_000 : 0, overspeed?.enabled ? (overspeed.thresholds.minDurationSeconds ?? 0) * 1000 : 0) + 60_000,
    );
    const earlier = await store.alarms.recentPositions(terminalId, new Date(before.getTime() - windowMs), before);
    for (const p of earlier) primeTimers(state, { ...p, receivedTime: p.time, lon: 0, lat: 0, alarmFlags: 0 }, ctx);
    return state;
  }

  /**
   * The alarms of one late report: a type the previous late report of its run carried too extends
   * that alarm; any other is recorded once at the report's time (nothing when an alarm of the type
   * covers it: the live one, or the same report resent) and raised to the desk while recent.
   */
  private async recordLate(terminalId: number, ctx: TerminalContext, w: TerminalWork, time: Date, late: readonly LateTransition[]): Promise<void> {
    const carried = new Set(late.map((t) => t.alarmType));
    for (const [type, run] of w.lateRuns) if (!carried.has(type) && time > run.last) w.lateRuns.delete(type);
    const { alarms } = this.opts.store;
    for (const t of late) {
      const run = w.lateRuns.get(t.alarmType);
      if (run && time > run.last) {
        await alarms.extendLate(run.id, time);
        run.last = time;
        continue;
      }
      const recent = this.opts.clock.now().getTime() - time.getTime() <= (this.opts.latePushMs ?? 10 * 60_000);
      const row = await alarms.recordLate({
        tenantId: ctx.tenantId, terminalId, alarmType: t.alarmType, source: alarmTypeInfo(t.alarmType)?.source ?? 'terminal',
        startTime: t.time, lon: t.point.lon, lat: t.point.lat, speed: t.point.speed, detail: t.detail,
      }, { notify: recent });
      if (!row) continue;
      w.lateRuns.set(t.alarmType, { id: row.id, last: time });
      if (recent) this.announce('start', row);
    }
  }

  private async apply(terminalId: number, ctx: TerminalContext, t: Exclude<AlarmTransition, LateTransition>): Promise<void> {
    const { alarms } = this.opts.store;
    if (t.kind === 'end') {
      const row = await alarms.end(terminalId, t.alarmType, t.endTime, t.detail);
      if (row) this.announce('end', row);
      return;
    }
    // no new row, nothing announced; an episode the sweep ended meanwhile is followed by a new one
    if (t.kind === 'extend' && (await alarms.extendOpen(terminalId, t.alarmType, t.detail))) return;
    const base: NewAlarm = {
      tenantId: ctx.tenantId,
      terminalId,
      alarmType: t.alarmType,
      source: alarmTypeInfo(t.alarmType)?.source ?? 'platform',
      startTime: t.kind === 'start' ? t.startTime : t.time,
      lon: t.point.lon,
      lat: t.point.lat,
      speed: t.point.speed,
      detail: t.detail,
    };
    const row = await alarms.open(t.kind === 'event' ? { ...base, fenceId: t.fenceId, endTime: t.time } : base);
    if (row) this.announce('start', row);
  }

  private announce(event: AlarmEvent['event'], row: AlarmRow): void {
    const alarm = toAlarm(row);
    this.opts.bus.publish({ type: 'alarm', tenantId: row.tenantId, groupId: row.groupId, terminalId: row.terminalId, event, alarm });
    if (event !== 'processed') this.opts.onAnnounced?.(event, row);
  }
}
