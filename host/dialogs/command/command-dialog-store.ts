import { makeAutoObservable, runInAction } from 'mobx';
import { commandActionFor, commandNameFor, listWords, type ListWords } from '../../../sdk/asset-vocabulary';
import { checkCommandParams } from '../../../sdk/command-carriers';
import { CommandFollower } from '../../../sdk/command-follower';
import type { CommandParamContribution } from '../../../sdk/extension-points';
import { CommandApi } from '../../../sdk/contracts/command';
import {
  COMMAND_MAX_TERMINALS,
  type AvailableCommand,
  type Command,
  type CommandPreview,
  type CommandTerminalCheck,
  type CommandType,
} from '../../../sdk/services/command-api';
import { expectOk, NETWORK_ERROR_MESSAGE, type HttpService } from '../../../sdk/services/http-service';
import type { LiveService } from '../../../sdk/services/live-service';

/** The dialog's form, as typed (numbers are text until sent). */
export interface CommandForm {
  seconds: string;
  sleepSeconds: string;
  text: string;
  intervalSeconds: string;
  durationSeconds: string;
  controlAction: 'restart' | 'factoryReset';
  oilAction: 'cut' | 'restore';
  /** Cut even an asset that reports moving faster than 5 km/h. */
  oilForce: boolean;
  fortifyAction: 'arm' | 'disarm';
  /** SOS numbers, separated by commas or spaces. */
  sosNumbers: string;
  /** The number a listen-in (监听) calls back. */
  monitorPhone: string;
  password: string;
}

const PHONE = /^\+?[0-9]{3,20}$/;

/** A platform type or a contributed type's code. */
type AnyCommandType = CommandType | (string & {});

const keyOf = (type: AnyCommandType, params: Record<string, unknown>) => JSON.stringify([type, params]);

export interface CommandDialogDeps {
  http: HttpService;
  live: LiveService;
}

/** One terminal as the dialog's table shows it before sending. */
export interface CommandTargetRow {
  terminalNo: string;
  plateNo: string | null;
  online: boolean;
  /** Gets the command (now or when it connects). */
  receives: boolean;
  /** 可下发, or why not / what happens instead. */
  note: string;
}

/** Form fields that are not parameters: changing them does not change the preview. */
const NOT_PARAMS: readonly (keyof CommandForm)[] = ['password'];

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

function integerField(value: string, label: string, min: number, max: number, required = true): number | string | undefined {
  const v = value.trim();
  if (!v) return required ? `请输入${label}` : undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) return `${label}必须是整数`;
  if (n < min || n > max) return `${label}必须在 ${min}–${max} 之间`;
  return n;
}

/**
 * State of the command dialog (下发指令): the command types the chosen terminals support
 * (availableCommands), the chosen type and its parameters, which terminals can take it
 * (checkCommandDownBatchTer) — for a dangerous type the server's preview of what the batch will
 * do (previewCommandDownBatch), confirmed with the password — sending the batch, then each
 * terminal's status as the live channel reports it.
 */
export class CommandDialogStore {
  commandType: AnyCommandType = 'locate';
  /** The fields of contributed types as typed, by parameter key (each type's own). */
  contributedForm: Record<string, Record<string, string>> = {};
  form: CommandForm = {
    seconds: '30', sleepSeconds: '', text: '', intervalSeconds: '10', durationSeconds: '600', controlAction: 'restart', oilAction: 'cut', oilForce: false,
    fortifyAction: 'arm', sosNumbers: '', monitorPhone: '', password: '',
  };
  /** The types the chosen terminals support and the user may send, as the server lists them. */
  available: AvailableCommand[] = [];
  loadingTypes = false;
  checks: CommandTerminalCheck[] = [];
  /** The server's preview of a dangerous command, for the parameters in `previewKey`. */
  preview: CommandPreview | undefined = undefined;
  private previewKey: string | undefined = undefined;
  checking = false;
  sending = false;
  /** A problem with the form or the last call, in Chinese. */
  error: string | undefined = undefined;
  batchId: string | undefined = undefined;
  private checkSerial = 0;
  /** The sent batch, kept current by the live channel (and read again when it reconnects). */
  private readonly follower: CommandFollower;

  constructor(
    readonly terminalNos: readonly string[],
    private readonly deps: CommandDialogDeps,
  ) {
    this.follower = new CommandFollower(deps);
    makeAutoObservable<this, 'deps' | 'checkSerial' | 'follower'>(this, { deps: false, checkSerial: false, follower: false, terminalNos: false }, { autoBind: true });
  }

  /**
   * Follows command results live, watches the positions (the terminals' kinds name the commands),
   * lists the available types and checks the terminals; the returned function stops.
   */
  start(): () => void {
    const watch = this.deps.live.watchPositions();
    const stop = this.follower.start();
    void this.load();
    return () => {
      stop();
      watch.dispose();
    };
  }

  /**
   * The types offered: only those at least one chosen terminal's model supports (and, if dangerous,
   * the user may send), named as the terminals' kind names them (an e-bike's 断电/恢复供电).
   */
  get types(): AvailableCommand[] {
    const kind = this.assetKind;
    return this.available.map((t) => ({ ...t, commandName: commandNameFor(kind, t.commandType, t.commandName) }));
  }

  /** The words of the addressed assets (live positions): their one kind's, neutral ones when they mix. */
  get words(): ListWords {
    return listWords(this.terminalNos.map((no) => this.deps.live.positions.get(no)?.assetKind));
  }

  /** The kind of the addressed assets when they are all of one kind (live positions), else undefined. */
  get assetKind(): string | undefined {
    return this.words.kind;
  }

  /** A command action as the assets' kind says it (an e-bike's 断电 for 断开油电). */
  actionName(type: CommandType, action: string, generic: string): string {
    return commandActionFor(this.assetKind, type, action, generic);
  }

  get dangerous(): boolean {
    return this.available.find((t) => t.commandType === this.commandType)?.dangerous ?? false;
  }

  /** The preview matches the parameters as they are now. */
  get previewCurrent(): boolean {
    const params = this.params();
    return this.preview !== undefined && params.ok && this.previewKey === keyOf(this.commandType, params.params);
  }

  /** Terminals the command goes to: supported ones (offline ones get an ordinary command when they reconnect); for a dangerous one, the preview's. */
  get targets(): string[] {
    if (this.dangerous) return this.previewCurrent ? this.preview!.terminals.filter((t) => t.outcome !== 'skip').map((t) => t.terminalNo) : [];
    return this.checks.filter((c) => c.supported).map((c) => c.terminalNo);
  }

  get offlineCount(): number {
    return this.checks.filter((c) => c.supported && !c.online).length;
  }

  /** The chosen terminals as the table shows them before sending. */
  get rows(): CommandTargetRow[] {
    if (this.dangerous) {
      return (this.preview?.terminals ?? []).map((t) => ({
        terminalNo: t.terminalNo, plateNo: t.plateNo, online: t.online, receives: t.outcome !== 'skip',
        note: t.outcome === 'skip' ? t.reason ?? '' : `${t.outcome === 'send' ? '可下发' : '上线后下发'}${t.moving ? `（${this.words.moving}中 ${t.speed} km/h）` : ''}`,
      }));
    }
    return this.checks.map((c) => ({ terminalNo: c.terminalNo, plateNo: c.plateNo, online: c.online, receives: c.supported, note: c.canSend ? '可下发' : c.reason ?? '' }));
  }

  /** terminalNo → its command of the sent batch as it stands now. */
  get results(): Map<string, Command> {
    return new Map(this.follower.commands(this.batchId).map((c) => [c.terminalNo, c]));
  }

  get sent(): boolean {
    return this.batchId !== undefined;
  }

  /** The chosen type's parameters when a sub-application contributes it (its form is built from them); undefined for the platform's own. */
  get contributedParams(): readonly CommandParamContribution[] | undefined {
    return this.available.find((t) => t.commandType === this.commandType)?.params;
  }

  /** A contributed type's field as typed. */
  contributedValue(key: string): string {
    return this.contributedForm[this.commandType]?.[key] ?? '';
  }

  setContributed(key: string, value: string): void {
    this.contributedForm = { ...this.contributedForm, [this.commandType]: { ...this.contributedForm[this.commandType], [key]: value } };
    this.error = undefined;
  }

  setType(type: AnyCommandType): void {
    if (type === this.commandType) return;
    this.commandType = type;
    this.error = undefined;
    void this.refresh();
  }

  setForm(patch: Partial<CommandForm>): void {
    this.form = { ...this.form, ...patch };
    this.error = undefined;
    if (this.dangerous && !this.sent && Object.keys(patch).some((k) => !NOT_PARAMS.includes(k as keyof CommandForm))) void this.refresh();
  }

  /** The parameters to send, or the Chinese reason the form is not complete. */
  params(): { ok: true; params: Record<string, unknown> } | { ok: false; msg: string } {
    const f = this.form;
    // a contributed type: the checks its declaration asks for, the same the server makes
    const contributed = this.contributedParams;
    if (contributed) return checkCommandParams(contributed, this.contributedForm[this.commandType] ?? {});
    switch (this.commandType) {
      case 'interval': {
        const seconds = integerField(f.seconds, '上报间隔', 1, 3600);
        if (typeof seconds !== 'number') return { ok: false, msg: seconds ?? '' };
        const sleep = integerField(f.sleepSeconds, '休眠上报间隔', 1, 86_400, false);
        if (typeof sleep === 'string') return { ok: false, msg: sleep };
        return { ok: true, params: sleep === undefined ? { seconds } : { seconds, sleepSeconds: sleep } };
      }
      case 'text': {
        const text = f.text.trim();
        if (!text) return { ok: false, msg: '请输入文本内容' };
        if ([...text].length > 200) return { ok: false, msg: '文本内容长度不能超过 200 个字符' };
        return { ok: true, params: { text } };
      }
      case 'track': {
        const interval = integerField(f.intervalSeconds, '跟踪间隔', 1, 3600);
        if (typeof interval !== 'number') return { ok: false, msg: interval ?? '' };
        const duration = integerField(f.durationSeconds, '跟踪时长', 1, 86_400);
        if (typeof duration !== 'number') return { ok: false, msg: duration ?? '' };
        if (duration < interval) return { ok: false, msg: '跟踪时长不能小于跟踪间隔' };
        return { ok: true, params: { intervalSeconds: interval, durationSeconds: duration } };
      }
      case 'control':
        return { ok: true, params: { action: f.controlAction } };
      case 'oilPower':
        return { ok: true, params: { action: f.oilAction, ...(f.oilAction === 'cut' && f.oilForce && { force: true }) } };
      case 'fortify':
        return { ok: true, params: { action: f.fortifyAction } };
      case 'sosNumbers': {
        const numbers = f.sosNumbers.split(/[,，\s]+/).filter((n) => n !== '');
        if (numbers.length === 0) return { ok: false, msg: '请输入SOS号码' };
        if (numbers.length > 3) return { ok: false, msg: 'SOS号码最多 3 个' };
        const bad = numbers.find((n) => !PHONE.test(n));
        return bad ? { ok: false, msg: `SOS号码 ${bad} 格式不正确` } : { ok: true, params: { numbers } };
      }
      case 'monitor': {
        const phone = f.monitorPhone.trim();
        if (!phone) return { ok: false, msg: '请输入回拨号码' };
        return PHONE.test(phone) ? { ok: true, params: { phone } } : { ok: false, msg: '回拨号码格式不正确' };
      }
      default:
        return { ok: true, params: {} };
    }
  }

  /** Lists the types the terminals support, then checks the first (or the chosen one, when offered). */
  async load(): Promise<void> {
    if (this.terminalNos.length === 0) return;
    if (this.terminalNos.length > COMMAND_MAX_TERMINALS) {
      this.error = `一次最多向 ${COMMAND_MAX_TERMINALS} 个终端下发指令`;
      return;
    }
    this.loadingTypes = true;
    try {
      const available = expectOk(await this.deps.http.call(CommandApi.available, { terminalNos: this.terminalNos })) ?? [];
      runInAction(() => {
        this.available = available;
        if (available.length > 0 && !available.some((t) => t.commandType === this.commandType)) this.commandType = available[0]!.commandType;
      });
    } catch (e) {
      runInAction(() => (this.error = errorText(e)));
      return;
    } finally {
      runInAction(() => (this.loadingTypes = false));
    }
    if (this.available.length > 0) await this.refresh();
  }

  /** The check of an ordinary type, the preview of a dangerous one. */
  refresh(): Promise<void> {
    return this.dangerous ? this.loadPreview() : this.check();
  }

  async check(): Promise<void> {
    await this.ask(async () => {
      const checks = expectOk(await this.deps.http.call(CommandApi.check, { terminalNos: this.terminalNos, commandType: this.commandType }));
      return () => (this.checks = checks ?? []);
    });
  }

  /** The server's preview of the dangerous command with the parameters as they are (none while the form is incomplete). */
  async loadPreview(): Promise<void> {
    const params = this.params();
    if (!params.ok) {
      this.checkSerial++;
      this.preview = undefined;
      return;
    }
    const body = { terminalNos: this.terminalNos, commandType: this.commandType, params: params.params };
    await this.ask(async () => {
      const preview = expectOk(await this.deps.http.call(CommandApi.preview, body));
      return () => {
        this.preview = preview;
        this.previewKey = keyOf(body.commandType, body.params);
      };
    });
  }

  /** One request of the check or the preview; only the latest one's answer (or error) is kept. */
  private async ask(request: () => Promise<() => void>): Promise<void> {
    const serial = ++this.checkSerial;
    this.checking = true;
    try {
      const apply = await request();
      if (serial === this.checkSerial) runInAction(apply);
    } catch (e) {
      if (serial === this.checkSerial) runInAction(() => (this.error = errorText(e)));
    } finally {
      if (serial === this.checkSerial) runInAction(() => (this.checking = false));
    }
  }

  /** Sends the command to the supported terminals; false when the form or the server refused it. */
  async send(): Promise<boolean> {
    if (this.sending || this.sent) return false;
    const params = this.params();
    if (!params.ok) {
      this.error = params.msg;
      return false;
    }
    if (this.dangerous && !this.previewCurrent) {
      this.error = '请等待下发预览';
      return false;
    }
    if (this.targets.length === 0) {
      this.error = this.dangerous ? '没有可下发的终端' : '所选终端都不支持该指令';
      return false;
    }
    if (this.dangerous && !this.form.password) {
      this.error = '请输入登录密码';
      return false;
    }
    this.sending = true;
    this.error = undefined;
    try {
      const body = {
        terminalNos: this.targets,
        commandType: this.commandType,
        params: params.params,
        ...(this.dangerous && { password: this.form.password }),
      };
      const batch = await this.follower.send(async () => expectOk(await this.deps.http.call(CommandApi.send, body)));
      runInAction(() => {
        this.batchId = batch.batchId;
        this.form = { ...this.form, password: '' };
      });
      return true;
    } catch (e) {
      runInAction(() => (this.error = errorText(e)));
      return false;
    } finally {
      runInAction(() => (this.sending = false));
    }
  }
}
