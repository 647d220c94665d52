import { randomUUID } from 'node:crypto';
import { toChinaIso } from '../time/china-time';
import type { EventBus } from '../bus/bus-events';
import type { Clock } from '../clock';
import type { DeviceCommand } from '../gateway/device-protocol';
import type { CommandResponseEvent, GatewayEvents } from '../gateway/gateway-ports';
import { Jt808MsgId } from '../gateway/jt808/index';
import { TerminalOfflineError } from '../gateway/jt808/jt808-gateway';
import type { CommandQueries, CommandRow, CommandTarget } from '../store/command-queries';
import { needsMotion, planTargets } from './command-plan';
import { ANSWER_TIMEOUT_MS, CommandStatus, answerOutcome, nextStatus } from './command-state';
import { findCommand, type CommandDefinition, type CommandType } from './command-types';
import { CommandEncodeError } from './contributed-commands';
import { toCommandView, type CommandView } from './command-view';
import { describeDeviceReply } from './device-replies';

function definitionOf(type: string): CommandDefinition {
  const def = findCommand(type);
  if (!def) throw new Error(`unknown command type ${type}`);
  return def;
}

/** What the service needs of the local JT/T 808 gateway (Jt808Gateway fits). */
export interface CommandGateway {
  isOnline(terminalNo: string): boolean;
  editionOf(terminalNo: string): '2013' | '2019' | undefined;
  sendCommand(terminalNo: string, msgId: number, body: Uint8Array): Promise<{ serial: number }>;
  subscribe(listener: Partial<GatewayEvents>): () => void;
  /** GT06 / watch: whether the device is online here, and sending it a command in the common model (the gateway set fits). */
  deviceOnline?(terminalNo: string): boolean;
  sendDeviceCommand?(terminalNo: string, command: DeviceCommand): Promise<{ matchKey: string }>;
}

export interface CommandServiceOptions {
  commands: CommandQueries;
  bus: EventBus;
  /** The gateway of this instance; without one, commands are only queued here and sent by the instance holding the connection. */
  gateway?: CommandGateway;
  clock: Clock;
  /** COMMAND_EXPIRY_MINUTES: how long a command waits for an offline terminal. */
  expiryMinutes: number;
  answerTimeoutMs?: number;
  /** How often overdue commands are looked for; 0: only when sweep() is called. Default 5 s. */
  sweepIntervalMs?: number;
  onError(err: unknown): void;
}

export interface CommandRequest {
  targets: readonly CommandTarget[];
  /** A platform type or a contributed type's code. */
  commandType: CommandType | (string & {});
  /** Checked parameters (CommandDefinition.parse). */
  params: Record<string, unknown>;
  user: { id: number; account: string };
  /** Commands for offline terminals wait until they connect (default); false: they end at once as 失败, as dangerous ones an operator sends do. */
  queueOffline?: boolean;
}

/**
 * The command queue: stores each command (待发送), sends it when its terminal is connected to
 * this instance — at once, or when the terminal authenticates again — matches the terminal's
 * 0x0001 / 0x0201 answer by reply serial, ends unanswered and expired commands as 超时, and
 * publishes every status change on the bus. The database is the queue, so nothing is lost across
 * restarts, and several instances can share it: a command goes out from the instance that holds
 * the terminal's connection (others are told over the bus), claimed atomically so it goes out once.
 */
export class CommandService {
  private readonly answerTimeoutMs: number;
  /** Per terminal: sends and answers are handled one after another, so an answer never overtakes its serial being stored. */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly detach: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: CommandServiceOptions) {
    this.answerTimeoutMs = opts.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
  }

  start(): this {
    const { gateway, bus } = this.opts;
    if (gateway) {
      this.detach.push(gateway.subscribe({
        terminalOnline: (e) => this.sendPending(e.terminalNo),
        commandResponse: (e) => this.onAnswer(e),
      }));
    }
    this.detach.push(bus.subscribe((event) => {
      if (event.type !== 'commandDispatch' || !gateway) return;
      for (const no of event.terminalNos) if (gateway.isOnline(no)) this.sendPending(no);
    }));
    const every = this.opts.sweepIntervalMs ?? 5000;
    if (every > 0) {
      this.timer = setInterval(() => void this.sweep().catch(this.opts.onError), every);
      this.timer.unref();
    }
    return this;
  }

  /** Queues one command per target and sends those whose terminal is connected; answers the batch as stored now. */
  async submit(req: CommandRequest): Promise<{ batchId: string; commands: CommandView[] }> {
    const { commands, bus, gateway, clock, expiryMinutes } = this.opts;
    const def = definitionOf(req.commandType);
    const now = clock.now();
    const batchId = randomUUID().replace(/-/g, '');
    const rows = await commands.create(req.targets.map((target) => ({
      batchId, target, commandType: def.type, msgId: def.msgId, params: req.params,
      userId: req.user.id, account: req.user.account, createdAt: now, expiresAt: new Date(now.getTime() + expiryMinutes * 60_000),
    })));
    const refused = await this.refuseSkipped(req, rows, now);
    this.publish(refused.size ? await commands.byIds(rows.map((r) => r.id)) : rows);
    const local: string[] = [];
    const elsewhere = new Map<number, string[]>();
    for (const row of rows) {
      if (refused.has(row.id)) continue;
      if (gateway?.isOnline(row.terminalNo)) local.push(row.terminalNo);
      else elsewhere.set(row.tenantId, [...(elsewhere.get(row.tenantId) ?? []), row.terminalNo]);
    }
    for (const [tenantId, terminalNos] of elsewhere) bus.publish({ type: 'commandDispatch', tenantId, terminalNos });
    await Promise.all([...new Set(local)].map((no) => this.sendPending(no)));
    const current = await commands.byIds(rows.map((r) => r.id));
    return { batchId, commands: current.map(toCommandView) };
  }

  /**
   * Ends at once, as 失败 with the reason, the commands the plan skips (planTargets: a power cut to
   * an asset moving now unless forced, an offline terminal when the batch is not queued, a model
   * that lacks the command). Answers their ids.
   */
  private async refuseSkipped(req: CommandRequest, rows: readonly CommandRow[], now: Date): Promise<Set<number>> {
    const { commands } = this.opts;
    const def = definitionOf(req.commandType);
    const motion = needsMotion(def, req.params) ? await commands.latestMotion(req.targets.map((t) => t.terminalId)) : new Map();
    const plan = planTargets(def, req.params, req.targets, motion, { now, queueOffline: req.queueOffline ?? true });
    const refused = new Set<number>();
    for (const [i, planned] of plan.entries()) {
      const row = rows[i]!;
      if (!planned.skip) continue;
      const result = { code: planned.skip.code, text: planned.skip.text, ...(planned.skip.code === 'moving' && { speed: planned.speed }) };
      await commands.refuse(row.id, { status: CommandStatus.Failed, result, at: now });
      refused.add(row.id);
    }
    return refused;
  }

  /** Ends overdue commands as 超时 (no answer within the timeout, or expired unsent). */
  async sweep(): Promise<void> {
    const now = this.opts.clock.now();
    const ids = await this.opts.commands.timeOut(now, new Date(now.getTime() - this.answerTimeoutMs));
    if (ids.length > 0) this.publish(await this.opts.commands.byIds(ids));
  }

  /** Resolves when what is in progress has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const d of this.detach.splice(0)) d();
    await this.settled();
  }

  /** Sends the terminal's unexpired 待发送 commands, oldest first, if it is connected here. */
  private sendPending(terminalNo: string): Promise<void> {
    return this.serially(terminalNo, async () => {
      const { gateway, commands, clock } = this.opts;
      if (gateway?.deviceOnline?.(terminalNo)) return this.sendPendingToDevice(terminalNo);
      const edition = gateway?.editionOf(terminalNo);
      if (!gateway || !edition) return;
      for (const row of await commands.pending(terminalNo, clock.now())) {
        const def = findCommand(row.commandType);
        if (!def) continue;
        let wire: { msgId: number; body: Uint8Array };
        try {
          wire = def.wire ? def.wire(row.params, edition) : { msgId: row.msgId, body: def.encode(row.params, edition) };
        } catch (err) {
          // a contributed type its encoder could not encode fails with the reason; the queue goes on
          if (!(err instanceof CommandEncodeError)) this.opts.onError(err);
          await this.endUnencodable(row.id, err);
          continue;
        }
        if (!(await commands.claim(row.id, clock.now()))) continue;
        try {
          const { serial } = await gateway.sendCommand(terminalNo, wire.msgId, wire.body);
          await commands.setSerial(row.id, serial, wire.msgId === row.msgId ? undefined : wire.msgId);
        } catch (err) {
          // gone between the check and the write: it waits for the next connection
          await commands.release(row.id);
          this.publish(await commands.byIds([row.id]));
          if (!(err instanceof TerminalOfflineError)) this.opts.onError(err);
          return;
        }
        this.publish(await commands.byIds([row.id]));
      }
    });
  }

  /** sendPending for a GT06 / watch device: the command in the common model, its answer matched by key. */
  private async sendPendingToDevice(terminalNo: string): Promise<void> {
    const { gateway, commands, clock } = this.opts;
    if (!gateway?.sendDeviceCommand) return;
    for (const row of await commands.pending(terminalNo, clock.now())) {
      const def = findCommand(row.commandType);
      if (!def) continue;
      const command = def.device(row.params);
      if (!(await commands.claim(row.id, clock.now()))) continue;
      if (!command) {
        await this.endUnsupported(row.id);
        continue;
      }
      try {
        const { matchKey } = await gateway.sendDeviceCommand(terminalNo, command);
        await commands.setMatchKey(row.id, matchKey);
      } catch (err) {
        if (err instanceof Error && err.name === 'UnsupportedCommandError') {
          await this.endUnsupported(row.id);
          continue;
        }
        await commands.release(row.id);
        this.publish(await commands.byIds([row.id]));
        if (!(err instanceof TerminalOfflineError)) this.opts.onError(err);
        return;
      }
      this.publish(await commands.byIds([row.id]));
    }
  }

  private async endUnsupported(id: number): Promise<void> {
    const { commands, clock } = this.opts;
    const status = nextStatus(CommandStatus.Sent, { kind: 'answer', result: 3 })!;
    // no serial or key: settle by id through the same path a refused answer takes
    await commands.fail(id, { status, result: { code: 3, text: '终端不支持该指令' }, at: clock.now() });
    this.publish(await commands.byIds([id]));
  }

  /** Ends a 待发送 command that could not be encoded as 失败 with the reason. */
  private async endUnencodable(id: number, err: unknown): Promise<void> {
    const { commands, clock } = this.opts;
    const text = err instanceof CommandEncodeError ? err.message : '指令编码失败';
    await commands.refuse(id, { status: CommandStatus.Failed, result: { code: 'encode', text }, at: clock.now() });
    this.publish(await commands.byIds([id]));
  }

  private onAnswer(e: CommandResponseEvent): void {
    if (e.msgId === 'device') {
      void this.serially(e.terminalNo, async () => {
        const { commands, clock } = this.opts;
        const now = clock.now();
        // the answer in the words of the asset the device is on (an e-bike's 断电成功, a vehicle's 断油断电成功)
        const reply = describeDeviceReply(e.protocol, e.matchKey, e.text, await commands.assetKindOf(e.terminalNo));
        const status = nextStatus(CommandStatus.Sent, { kind: 'answer', result: reply.code })!;
        const result: Record<string, unknown> = { ...reply };
        const id = await commands.settle(
          { terminalNo: e.terminalNo, matchKey: e.matchKey, sentSince: new Date(now.getTime() - this.answerTimeoutMs) },
          { status, result, at: now },
        );
        if (id !== undefined) this.publish(await commands.byIds([id]));
      });
      return;
    }
    void this.serially(e.terminalNo, async () => {
      const { commands, clock } = this.opts;
      const now = clock.now();
      const answer = e.msgId === Jt808MsgId.LocationQueryResponse
        ? { msgIds: [Jt808MsgId.QueryLocation], result: 0, position: e.position }
        : { msgIds: [e.replyMsgId], result: e.result, position: undefined };
      const status = nextStatus(CommandStatus.Sent, { kind: 'answer', result: answer.result })!;
      const result: Record<string, unknown> = { code: answer.result, text: answerOutcome(answer.result).text };
      if (answer.position) {
        const p = answer.position;
        result.position = {
          lon: p.lon, lat: p.lat, speed: p.speed, course: p.course, altitude: p.altitude,
          gpsTime: toChinaIso(p.deviceTime), statusFlags: p.statusFlags, alarmFlags: p.alarmFlags,
        };
      }
      const id = await commands.settle(
        { terminalNo: e.terminalNo, serial: e.replySerial, msgIds: answer.msgIds, sentSince: new Date(now.getTime() - this.answerTimeoutMs) },
        { status, result, at: now },
      );
      if (id !== undefined) this.publish(await commands.byIds([id]));
    });
  }

  private publish(rows: readonly CommandRow[]): void {
    for (const row of rows) this.opts.bus.publish({ type: 'command', tenantId: row.tenantId, groupId: row.groupId, command: toCommandView(row) });
  }

  private serially(terminalNo: string, work: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(terminalNo) ?? Promise.resolve();
    const next = previous.then(work).catch(this.opts.onError);
    this.chains.set(terminalNo, next);
    void next.then(() => {
      if (this.chains.get(terminalNo) === next) this.chains.delete(terminalNo);
    });
    return next;
  }
}
