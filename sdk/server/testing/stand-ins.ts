/**
 * What the platform lends a part (alarms, exports, settings, clock, log), kept in memory and recorded
 * for the test, with the platform's own checks and answers.
 */
import { alarmTypesOf, type PluginContributions } from '../../extension-points';
import { checkSettingValues, withSettingDefaults, type PluginSettingField } from '../../plugin-settings';
import { cellOf, exportRequestProblems, rowsOf } from '../../../server/plugin-parts/part-export-request';
import { sheetFileName } from '../../../server/exports/sheet-file-name';
import { PART_EXPORT_ROW_LIMIT } from '../../../server/module/server-module';
import type { PartAlarmInput, PartAlarmRow, PartAlarms, PartAsset, PartClock, PartExportCell, PartExportRequest, PartExports, PartLogger, PartSettings, PartSettingValues } from '../index.js';
import type { HarnessAlarms, HarnessClock, HarnessExport, HarnessExports, HarnessLogLine, HarnessSettings } from './harness-types.js';

/** A refusal as the platform's alarm writer throws it (flag 400, Chinese message). */
const refuse = (msg: string) => Object.assign(new Error(msg), { flag: 400 });

export class StandInClock implements HarnessClock, PartClock {
  private fixed: Date | undefined;

  constructor(start?: Date | string) {
    if (start !== undefined) this.set(start);
  }

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }

  set(time: Date | string): void {
    const at = new Date(time);
    if (Number.isNaN(at.getTime())) throw new Error(`clock.set 需要有效的时间，收到 ${String(time)}`);
    this.fixed = at;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new Error('clock.advance 需要毫秒数');
    this.fixed = new Date(this.now().getTime() + ms);
  }
}

export function standInLog(lines: HarnessLogLine[], plugin: string): PartLogger {
  const line = (level: HarnessLogLine['level']) => (obj: object, msg: string) => void lines.push({ level, obj: { plugin, ...obj }, msg });
  return { info: line('info'), warn: line('warn'), error: line('error') };
}

/**
 * Opens and ends alarms as the platform's writer for installed parts does: only the types the
 * manifest contributes, a valid time, a terminal of that tenant; undefined while one of that type is
 * open on the terminal or the tenant switched the type off.
 */
export class StandInAlarms implements HarnessAlarms {
  readonly raised: PartAlarmRow[] = [];
  readonly ended: PartAlarmRow[] = [];
  private readonly opened = new Map<string, PartAlarmRow>();
  private readonly switches = new Map<string, boolean>();
  private readonly types: Map<string, { alarmName: string; defaultEnabled: boolean }>;
  private lastId = 0;

  constructor(
    private readonly systemId: string,
    contributes: PluginContributions | undefined,
    private readonly assets: () => readonly PartAsset[],
  ) {
    this.types = new Map(alarmTypesOf(contributes).map((t) => [t.alarmType, { alarmName: t.alarmName, defaultEnabled: t.defaultEnabled }]));
  }

  open(): PartAlarmRow[] {
    return [...this.opened.values()];
  }

  setEnabled(tenantId: number, alarmType: string, enabled: boolean): void {
    this.switches.set(`${tenantId}:${alarmType}`, enabled);
  }

  /** What the part gets as `alarms`. */
  forPart(): PartAlarms {
    return {
      raise: (input) => this.raise(input),
      end: (terminalId, alarmType, time) => this.end(terminalId, alarmType, time),
      name: (alarmType) => this.types.get(alarmType)?.alarmName ?? alarmType,
    };
  }

  private checkType(alarmType: string): void {
    if (!this.types.has(alarmType)) {
      throw refuse(`告警类型 ${String(alarmType)} 不是插件 ${this.systemId} 在 manifest.json 的 contributes.alarmTypes 中声明的类型，不能由它产生或结束`);
    }
  }

  private checkTime(time: unknown): void {
    if (!(time instanceof Date) || Number.isNaN(time.getTime())) throw refuse('告警时间必须是有效的 Date');
  }

  private async raise(input: PartAlarmInput): Promise<PartAlarmRow | undefined> {
    this.checkType(input.alarmType);
    this.checkTime(input.time);
    const asset = this.assets().find((a) => a.terminalId === input.terminalId);
    if (asset && asset.tenantId !== input.tenantId) throw refuse(`终端 ${String(input.terminalId)} 不属于租户 ${String(input.tenantId)}`);
    const enabled = this.switches.get(`${input.tenantId}:${input.alarmType}`) ?? this.types.get(input.alarmType)!.defaultEnabled;
    if (!enabled) return undefined;
    const key = `${input.terminalId}:${input.alarmType}`;
    if (this.opened.has(key)) return undefined;
    const row: PartAlarmRow = {
      id: ++this.lastId,
      tenantId: input.tenantId,
      terminalId: input.terminalId,
      terminalNo: asset?.terminalNo ?? String(input.terminalId),
      alarmType: input.alarmType,
      plateNo: asset?.assetKind === 'vehicle' ? asset.name : null,
      startTime: new Date(input.time),
      endTime: null,
      detail: { ...(input.detail ?? {}) },
    };
    this.opened.set(key, row);
    this.raised.push(row);
    return { ...row };
  }

  private async end(terminalId: number, alarmType: string, time: Date): Promise<PartAlarmRow | undefined> {
    this.checkType(alarmType);
    this.checkTime(time);
    const key = `${terminalId}:${alarmType}`;
    const open = this.opened.get(key);
    if (!open) return undefined;
    this.opened.delete(key);
    const row = { ...open, endTime: new Date(time) };
    this.ended.push(row);
    return { ...row };
  }
}

/** The plugin's settings per tenant: what a test saved, defaults filled in from the manifest. */
export class StandInSettings implements HarnessSettings {
  private readonly saved = new Map<number, Record<string, string | number | boolean>>();

  constructor(private readonly fields: readonly PluginSettingField[]) {}

  set(tenantId: number, values: Readonly<Record<string, unknown>>): void {
    if (!Number.isInteger(tenantId)) throw new Error('settings.set 需要租户编号（整数）');
    if (this.fields.length === 0) throw new Error('插件的 manifest.json 没有声明 settings，没有可保存的设置');
    const checked = checkSettingValues(this.fields, values, this.saved.get(tenantId));
    if ('errors' in checked) throw new Error(`设置值有误：${checked.errors.join('；')}`);
    this.saved.set(tenantId, checked.values);
  }

  get(tenantId: number): PartSettingValues {
    return this.fields.length ? withSettingDefaults(this.fields, this.saved.get(tenantId)) : {};
  }

  /** What the part gets as `settings`. */
  forPart(): PartSettings {
    return {
      get: async (tenantId) => {
        if (!Number.isInteger(tenantId)) throw new Error('settings.get 需要租户编号（整数），例如路由的 user.tenantId');
        return this.get(tenantId);
      },
    };
  }
}

/** Exports into 下载中心: checked as the platform checks them, their rows read after the answer and kept. */
export class StandInExports implements HarnessExports {
  readonly started: HarnessExport[] = [];
  private readonly running: Promise<void>[] = [];

  constructor(
    private readonly pluginTitle: string,
    private readonly clock: PartClock,
  ) {}

  settled(): Promise<readonly HarnessExport[]> {
    return Promise.all(this.running).then(() => this.started);
  }

  /** What the part gets as `exports`. */
  forPart(): PartExports {
    return {
      start: async <T>(req: PartExportRequest<T>) => {
        const problems = exportRequestProblems(req as never);
        if (problems.length) throw new Error(`导出参数有误：${problems.join('；')}`);
        const title = req.title.trim();
        const record: HarnessExport = {
          id: this.started.length + 1,
          fileName: sheetFileName(`${this.pluginTitle}-${title}`, this.clock.now()),
          user: { id: req.user.id, tenantId: req.user.tenantId },
          title,
          headers: req.columns.map((c) => c.header),
          rows: [],
          status: '生成中',
        };
        this.started.push(record);
        // written after the answer, as the platform writes the file in the background
        this.running.push(Promise.resolve().then(() => this.write(record, req)));
        return { id: record.id, fileName: record.fileName };
      },
    };
  }

  private async write<T>(record: HarnessExport, req: PartExportRequest<T>): Promise<void> {
    try {
      for await (const row of await rowsOf(req.rows as never)) {
        if (record.rows.length === PART_EXPORT_ROW_LIMIT) {
          record.rows.push([`仅导出前 ${PART_EXPORT_ROW_LIMIT} 行`]);
          break;
        }
        record.rows.push(req.columns.map((c) => (cellOf(c as never, row) ?? '') as PartExportCell));
      }
      record.status = '可下载';
    } catch (err) {
      record.status = '失败';
      record.error = err instanceof Error ? err.message : String(err);
    }
  }
}
