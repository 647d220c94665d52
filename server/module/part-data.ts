import type { PartAlarmInput } from '../../sdk/server';
import type { Alarm } from '../../sdk/services/alarm-service';
import type { Position } from '../../sdk/position';
import type { AlarmRow } from '../store/alarm-queries';

/**
 * A committed position as a server part's `subscriptions.positions` gets it: its tenant, terminal,
 * times (ISO strings), fix and readings (named values, every uninterpreted JT/T 808 additional item
 * as `item.<hex id>` → hex payload, and the readings the part's own decoders give).
 */
export type PartPosition = Position<string>;

/** An alarm raised (`start`) or ended (`end`) on this instance, as `subscriptions.alarms` gets it. */
export interface PartAlarmEvent {
  event: 'start' | 'end';
  tenantId: number;
  terminalId: number;
  /** As 告警中心 answers it: type, Chinese name, level, times in China time. */
  alarm: Alarm;
}

/** What a reading decoder reads, and the decoder itself, as `@tianlu/sdk/server` declares them. */
export type { PartReadingSource as ReadingSource, PartReadingDecoder as ReadingDecoder } from '../../sdk/server';
/** An alarm a part opens, of a type its manifest.json contributes (`contributes.alarmTypes`). */
export type { PartAlarmInput } from '../../sdk/server';

/** Opening and ending the alarms of the types the plugin contributes (the part's `ctx.alarms`). */
export interface PartAlarmWriter {
  /**
   * Opens the alarm and announces it (告警中心, the alarm desk, 告警推送): the row, or undefined when one of
   * that type is already open on the terminal or the tenant turned the type off in 告警设置.
   */
  raise(alarm: PartAlarmInput): Promise<AlarmRow | undefined>;
  /** Ends the open alarm of that type on the terminal and announces it: the row, undefined when none was open. */
  end(terminalId: number, alarmType: string, time: Date): Promise<AlarmRow | undefined>;
}
