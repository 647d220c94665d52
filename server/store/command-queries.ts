import { sql, type Kysely } from 'kysely';
import type { Database } from './db-schema';
import { assetInScope, type AccessScope } from './scope-queries';

type Scope = Pick<AccessScope, 'tenantIds' | 'groupIds'>;

/** A terminal a command may be addressed to, as the caller may see it. */
export interface CommandTarget {
  terminalId: number;
  tenantId: number;
  /** Normalised number. */
  terminalNo: string;
  displayNo: string;
  plateNo: string | null;
  groupId: number | null;
  assetKind: string | null;
  /** jt808 | gt06 | watch. */
  protocol: string;
  /** 终端型号 ('' when unknown). */
  model: string;
  /** Connected to some server instance now. */
  connected: boolean;
}

/** How a command ended without an answer: its final status, the result shown and when. */
export interface CommandOutcome {
  status: number;
  result: Record<string, unknown>;
  at: Date;
}

/** One stored command with the vehicle's current group (who may see it). */
export interface CommandRow {
  id: number;
  batchId: string;
  tenantId: number;
  terminalId: number;
  terminalNo: string;
  displayNo: string;
  plateNo: string | null;
  groupId: number | null;
  /** The kind of the asset its terminal is bound to now; null when bound to none. */
  assetKind: string | null;
  commandType: string;
  msgId: number;
  params: Record<string, unknown>;
  status: number;
  serial: number | null;
  result: Record<string, unknown> | null;
  account: string;
  createdAt: Date;
  expiresAt: Date;
  sendTime: Date | null;
  resultTime: Date | null;
}

export interface NewCommand {
  batchId: string;
  target: CommandTarget;
  commandType: string;
  msgId: number;
  params: Record<string, unknown>;
  userId: number;
  account: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface CommandFilter {
  batchId?: string;
  /** Normalised number. */
  terminalNo?: string;
  status?: number;
  offset: number;
  limit: number;
}

// status codes as stored (server/commands/command-state.ts names them)
const PENDING = 0;
const SENT = 1;
const TIMED_OUT = 4;

/** Commands to terminals: the queue (status 待发送 / 已发送) and the history. */
export class CommandQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** The terminals with these normalised numbers that the scope may see (others are simply absent). */
  async targets(scope: Scope, terminalNos: readonly string[]): Promise<CommandTarget[]> {
    if (terminalNos.length === 0) return [];
    return this.db
      .selectFrom('terminals as t')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .select([
        't.id as terminalId', 't.tenant_id as tenantId', 't.terminal_no as terminalNo', 't.display_no as displayNo',
        'v.plate_no as plateNo', 'v.group_id as groupId', 'v.asset_kind as assetKind', 't.protocol', 't.model', 't.connected',
      ])
      .where('t.terminal_no', 'in', [...terminalNos])
      .where(assetInScope(scope, 't.tenant_id', 'v.group_id'))
      .execute();
  }

  /** The kind of the asset the terminal with this normalised number is bound to now; null when bound to none. */
  async assetKindOf(terminalNo: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('terminals as t')
      .innerJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .select('v.asset_kind')
      .where('t.terminal_no', '=', terminalNo)
      .executeTakeFirst();
    return row?.asset_kind ?? null;
  }

  /** Stores a batch (all 待发送) in one statement and returns the rows in the order given. */
  async create(commands: readonly NewCommand[]): Promise<CommandRow[]> {
    if (commands.length === 0) return [];
    const inserted = await this.db
      .insertInto('commands')
      .values(commands.map((c) => ({
        batch_id: c.batchId,
        tenant_id: c.target.tenantId,
        terminal_id: c.target.terminalId,
        terminal_no: c.target.terminalNo,
        display_no: c.target.displayNo,
        plate_no: c.target.plateNo,
        command_type: c.commandType,
        msg_id: c.msgId,
        params: JSON.stringify(c.params),
        user_id: c.userId,
        account: c.account,
        created_at: c.createdAt,
        expires_at: c.expiresAt,
      })))
      .returning('id')
      .execute();
    return this.byIds(inserted.map((r) => Number(r.id)));
  }

  /** Rows by id, in the order of the ids. */
  async byIds(ids: readonly number[]): Promise<CommandRow[]> {
    if (ids.length === 0) return [];
    const rows = await selectCommands(this.db).where('c.id', 'in', ids.map(String)).execute();
    const byId = new Map(rows.map((r) => [Number(r.id), toRow(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Unexpired 待发送 commands of a terminal, oldest first. */
  async pending(terminalNo: string, now: Date): Promise<CommandRow[]> {
    const rows = await selectCommands(this.db)
      .where('c.terminal_no', '=', terminalNo)
      .where('c.status', '=', PENDING)
      .where('c.expires_at', '>', now)
      .orderBy('c.id')
      .execute();
    return rows.map(toRow);
  }

  /** 待发送 → 已发送 when still pending and unexpired; false when another sender took it or it expired. */
  async claim(id: number, now: Date): Promise<boolean> {
    const r = await this.db
      .updateTable('commands')
      .set({ status: SENT, send_time: now })
      .where('id', '=', String(id))
      .where('status', '=', PENDING)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Records the serial the message went out with (and its message id, when its encoding chose it). */
  async setSerial(id: number, serial: number, msgId?: number): Promise<void> {
    await this.db.updateTable('commands').set({ serial, ...(msgId !== undefined && { msg_id: msgId }) }).where('id', '=', String(id)).execute();
  }

  /** 已发送 → 待发送: the connection was gone by the time the message was written. */
  async release(id: number): Promise<void> {
    await this.db.updateTable('commands').set({ status: PENDING, send_time: null, serial: null }).where('id', '=', String(id)).where('status', '=', SENT).execute();
  }

  /** Ends a claimed (已发送) command that cannot go out, e.g. a command its device's protocol lacks. */
  fail(id: number, outcome: CommandOutcome): Promise<void> {
    return this.endFrom(SENT, id, outcome);
  }

  /** Ends a command still 待发送 without sending it (refused for the terminal's own sake, e.g. a cut while moving). */
  refuse(id: number, outcome: CommandOutcome): Promise<void> {
    return this.endFrom(PENDING, id, outcome);
  }

  /** Ends the command with `outcome` if it is still in `status` (a concurrent answer or sweep wins otherwise). */
  private async endFrom(status: number, id: number, outcome: CommandOutcome): Promise<void> {
    await this.db
      .updateTable('commands')
      .set({ status: outcome.status, result: JSON.stringify(outcome.result), result_time: outcome.at })
      .where('id', '=', String(id))
      .where('status', '=', status)
      .execute();
  }

  /** The latest reported speed (km/h) and device time of these terminals. */
  async latestMotion(terminalIds: readonly number[]): Promise<Map<number, { speed: number; time: Date }>> {
    if (terminalIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('latest_positions')
      .select(['terminal_id', 'speed', 'device_time'])
      .where('terminal_id', 'in', [...terminalIds])
      .execute();
    return new Map(rows.map((r) => [r.terminal_id, { speed: Number(r.speed), time: new Date(r.device_time) }]));
  }

  /** Records the key a GT06 / watch device's answer will carry. */
  async setMatchKey(id: number, matchKey: string): Promise<void> {
    await this.db.updateTable('commands').set({ match_key: matchKey }).where('id', '=', String(id)).execute();
  }

  /**
   * Settles the 已发送 command of a terminal that went out at or after `sentSince` with this serial
   * (and one of these message ids; the newest) or with this match key (the oldest). Returns its id,
   * or undefined when none matches.
   */
  async settle(
    match: { terminalNo: string; sentSince: Date } & ({ serial: number; msgIds: readonly number[] } | { matchKey: string }),
    outcome: { status: number; result: Record<string, unknown>; at: Date },
  ): Promise<number | undefined> {
    let q = this.db
      .selectFrom('commands')
      .select('id')
      .where('terminal_no', '=', match.terminalNo)
      .where('status', '=', SENT)
      .where('send_time', '>=', match.sentSince);
    q = 'matchKey' in match
      ? q.where('match_key', '=', match.matchKey)
      : q.where('serial', '=', match.serial).where('msg_id', 'in', [...match.msgIds]);
    // the oldest command still waiting for this key: a device answers in the order it was asked
    const found = await q
      .orderBy('send_time', 'matchKey' in match ? 'asc' : 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!found) return undefined;
    const r = await this.db
      .updateTable('commands')
      .set({ status: outcome.status, result: JSON.stringify(outcome.result), result_time: outcome.at })
      .where('id', '=', found.id)
      .where('status', '=', SENT)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? Number(found.id) : undefined;
  }

  /**
   * Ends what is overdue as 超时: 已发送 before `sentBefore` without an answer, and 待发送 past
   * its expiry. Returns the ids that changed (each changes once, whichever instance sweeps).
   */
  async timeOut(now: Date, sentBefore: Date): Promise<number[]> {
    const unanswered = await this.db
      .updateTable('commands')
      .set({ status: TIMED_OUT, result_time: now, result: JSON.stringify({ text: '终端未应答' }) })
      .where('status', '=', SENT)
      .where('send_time', '<', sentBefore)
      .returning('id')
      .execute();
    const expired = await this.db
      .updateTable('commands')
      .set({ status: TIMED_OUT, result_time: now, result: JSON.stringify({ text: '终端未上线，指令已过期' }) })
      .where('status', '=', PENDING)
      .where('expires_at', '<=', now)
      .returning('id')
      .execute();
    return [...unanswered, ...expired].map((r) => Number(r.id));
  }

  /** The scope's commands, newest first. */
  async page(scope: Scope, filter: CommandFilter): Promise<{ total: number; list: CommandRow[] }> {
    let q = this.db
      .selectFrom('commands as c')
      .innerJoin('terminals as t', 't.id', 'c.terminal_id')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .where(assetInScope(scope, 't.tenant_id', 'v.group_id'));
    if (filter.batchId) q = q.where('c.batch_id', '=', filter.batchId);
    if (filter.terminalNo) q = q.where('c.terminal_no', '=', filter.terminalNo);
    if (filter.status !== undefined) q = q.where('c.status', '=', filter.status);
    const [count, ids] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q.select('c.id').orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    ]);
    return { total: Number(count.n), list: await this.byIds(ids.map((r) => Number(r.id))) };
  }
}

/** Commands with the tenant and group of their terminal as it is now (who may see them). */
function selectCommands(db: Kysely<Database>) {
  return db
    .selectFrom('commands as c')
    .leftJoin('terminals as t', 't.id', 'c.terminal_id')
    .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
    .select([
      'c.id', 'c.batch_id', 'c.terminal_id', 'c.terminal_no', 'c.display_no', 'c.plate_no', 'c.command_type', 'c.msg_id',
      'c.params', 'c.status', 'c.serial', 'c.result', 'c.account', 'c.created_at', 'c.expires_at', 'c.send_time', 'c.result_time',
      sql<number>`coalesce(t.tenant_id, c.tenant_id)`.as('tenant_id'),
      'v.group_id', 'v.asset_kind',
    ]);
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectCommands>['execute']>>[number];

function toRow(r: SelectedRow): CommandRow {
  return {
    id: Number(r.id),
    batchId: r.batch_id,
    tenantId: Number(r.tenant_id),
    terminalId: r.terminal_id,
    terminalNo: r.terminal_no,
    displayNo: r.display_no,
    plateNo: r.plate_no,
    groupId: r.group_id,
    assetKind: r.asset_kind,
    commandType: r.command_type,
    msgId: r.msg_id,
    params: (r.params ?? {}) as Record<string, unknown>,
    status: r.status,
    serial: r.serial,
    result: (r.result ?? null) as Record<string, unknown> | null,
    account: r.account,
    createdAt: new Date(r.created_at),
    expiresAt: new Date(r.expires_at),
    sendTime: r.send_time ? new Date(r.send_time) : null,
    resultTime: r.result_time ? new Date(r.result_time) : null,
  };
}
