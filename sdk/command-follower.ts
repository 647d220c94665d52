import { action, makeObservable, observable } from 'mobx';
import { onLiveResumed } from './live-resume';
import { CommandApi } from './contracts/command';
import { CommandStatus, type Command } from './services/command-api';
import { expectOk, type HttpService } from './services/http-service';
import type { LiveService } from './services/live-service';

/** What a command send answers (commandDownBatch.json, 寻宠's action.json …): the batch as stored. */
export interface CommandBatch {
  batchId: string;
  commands: Command[];
}

export interface CommandFollowerDeps {
  http: HttpService;
  live: LiveService;
}

/** list.json's largest page. */
const LIST_PAGE_SIZE = 200;

/** 待发送, then 已发送, then an end (成功, 失败, 超时): a command never moves back. */
const stage = (c: Command) => Math.min(c.status, CommandStatus.SUCCEEDED);

/**
 * The commands an operator sent from a page, followed until they end. Their status comes from the
 * live channel's `command` messages, also those that arrive before the send itself is answered;
 * when the channel may have missed some — the send went out while it was connecting or
 * reconnecting, or it reconnects later — the unfinished batches are read again from
 * `list.json`. A status only moves forward: a late 已发送 never replaces 成功.
 */
export class CommandFollower {
  /** Command id → its latest known state. */
  private readonly known = observable.map<number, Command>();
  /** The followed batches: batchId → their command ids in the order the send answered them. */
  private readonly batches = observable.map<string, number[]>();
  /** Live results of not-yet-answered sends, kept while one is under way. */
  private early: Command[] = [];
  private sending = 0;
  /** How many times the channel went live, to tell whether it reconnected during a send. */
  private resumes = 0;

  constructor(private readonly deps: CommandFollowerDeps) {
    makeObservable<this, 'merge' | 'follow'>(this, { merge: action, follow: action });
  }

  /** Follows live results and catches up when the channel (re)connects; the returned function stops. It does not connect the channel. */
  start(): () => void {
    const { live } = this.deps;
    const results = live.on('command', ({ command }) => this.receive(command));
    const resumed = onLiveResumed(live, () => {
      this.resumes++;
      void this.catchUp([...this.batches.keys()]);
    });
    return () => {
      results.dispose();
      resumed.dispose();
    };
  }

  /** Sends a batch with `post` and follows it from then on; answers what `post` answered (a rejection as it came). */
  async send<T extends CommandBatch>(post: () => Promise<T>): Promise<T> {
    const { live } = this.deps;
    const wasLive = live.status === 'live';
    const resumes = this.resumes;
    this.sending++;
    try {
      const batch = await post();
      this.follow(batch);
      // results pushed while the channel was not live are not replayed: once live, it reads them
      if ((!wasLive || resumes !== this.resumes) && live.status === 'live') void this.catchUp([batch.batchId]);
      return batch;
    } finally {
      if (--this.sending === 0) this.early = [];
    }
  }

  /** A followed batch's commands as last known (none for a batch not sent through this follower). */
  commands(batchId: string | undefined): Command[] {
    const ids = batchId === undefined ? undefined : this.batches.get(batchId);
    return (ids ?? []).map((id) => this.known.get(id)).filter((c): c is Command => c !== undefined);
  }

  private receive(command: Command): void {
    if (this.batches.has(command.batchId)) this.merge([command]);
    else if (this.sending > 0) this.early.push(command);
  }

  private follow(batch: CommandBatch): void {
    this.batches.set(batch.batchId, batch.commands.map((c) => c.id));
    this.merge([...batch.commands, ...this.early.filter((c) => c.batchId === batch.batchId)]);
  }

  private merge(commands: readonly Command[]): void {
    for (const command of commands) {
      const current = this.known.get(command.id);
      if (!current || stage(command) >= stage(current)) this.known.set(command.id, command);
    }
  }

  /** Reads the batches that have unfinished commands again; a failed read waits for the next reconnection. */
  private async catchUp(batchIds: readonly string[]): Promise<void> {
    const unfinished = batchIds.filter((id) => this.commands(id).some((c) => c.status < CommandStatus.SUCCEEDED));
    await Promise.all(unfinished.map((batchId) => this.read(batchId).catch(() => undefined)));
  }

  private async read(batchId: string): Promise<void> {
    const ids = new Set(this.batches.get(batchId));
    for (let current = 1, seen = 0; ; current++) {
      const page = expectOk(await this.deps.http.call(CommandApi.list, { current, pageSize: LIST_PAGE_SIZE, batchId }));
      const list = page.list ?? [];
      this.merge(list.filter((c) => ids.has(c.id)));
      seen += list.length;
      if (list.length === 0 || seen >= page.total) return;
    }
  }
}
