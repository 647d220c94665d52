import { sql, type Database, type Kysely } from '../../../server/module';
import type { HealthDayFigures, HealthReading, ReadingStats } from '../../../sdk/health';

/** One stored body reading of a badge (what came with a position), its time an instant. */
export type StoredHealthReading = Omit<HealthReading, 'time'> & { time: Date };

export interface DayHealth extends HealthDayFigures {
  terminalId: number;
}

const READING_KEYS = ['heartRate', 'systolic', 'diastolic', 'spo2', 'temperature', 'steps'] as const;
/** The alarms the health rules raise (alarm-rules.ts `health`). */
export const HEALTH_ALARM_TYPES = ['heartRateAbnormal', 'bloodPressureHigh', 'bloodPressureLow', 'spo2Low', 'temperatureHigh', 'temperatureLow'];
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const round1 = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

/**
 * Heart rate, blood pressure, SpO₂, body temperature and steps as the badges sent them: they travel in the
 * extras of the position stored after each reading (see the device gateway), so they are read from there.
 */
export class HealthReadingQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** The readings of one terminal with start ≤ time < end, oldest first. */
  async series(terminalId: number, start: Date, end: Date): Promise<StoredHealthReading[]> {
    const field = (k: string) => sql<string | null>`extras->>${k}`;
    const rows = await this.db
      .selectFrom('positions')
      .select([
        'device_time as time', field('heartRate').as('heartRate'), field('systolic').as('systolic'), field('diastolic').as('diastolic'),
        field('spo2').as('spo2'), field('temperature').as('temperature'), field('steps').as('steps'),
      ])
      .where('terminal_id', '=', terminalId)
      .where('device_time', '>=', start)
      .where('device_time', '<', end)
      .where(sql<boolean>`(${sql.join(READING_KEYS.map((k) => sql`extras ? ${k}`), sql` or `)})`)
      .orderBy('device_time')
      .limit(20_000)
      .execute();
    return rows.map((r) => ({
      time: r.time, heartRate: num(r.heartRate), systolic: num(r.systolic), diastolic: num(r.diastolic), spo2: num(r.spo2), temperature: num(r.temperature), steps: num(r.steps),
    }));
  }

  /** Per terminal, the day's min/max/avg of each reading, the most steps and the count of health alarms. */
  async dayStats(terminalIds: readonly number[], start: Date, end: Date): Promise<DayHealth[]> {
    if (terminalIds.length === 0) return [];
    const f = (k: string) => sql`(extras->>${k})::float8`;
    const stats = (k: string) => sql`min(${f(k)}) as ${sql.ref(`${k}_min`)}, max(${f(k)}) as ${sql.ref(`${k}_max`)}, avg(${f(k)}) as ${sql.ref(`${k}_avg`)}`;
    const readings = await sql<Record<string, unknown>>`
      select terminal_id, ${stats('heartRate')}, ${stats('systolic')}, ${stats('diastolic')}, ${stats('spo2')}, ${stats('temperature')},
        max(${f('steps')}) as steps, count(*) filter (where ${sql.join(READING_KEYS.map((k) => sql`extras ? ${k}`), sql` or `)}) as readings
      from positions
      where terminal_id in (${sql.join([...terminalIds])}) and device_time >= ${start} and device_time < ${end}
      group by terminal_id`.execute(this.db);
    const alarms = await this.db
      .selectFrom('alarms')
      .select(['terminal_id as terminalId', (eb) => eb.fn.countAll().as('n')])
      .where('terminal_id', 'in', [...terminalIds])
      .where('alarm_type', 'in', HEALTH_ALARM_TYPES)
      .where('start_time', '>=', start)
      .where('start_time', '<', end)
      .groupBy('terminal_id')
      .execute();
    const alarmCount = new Map(alarms.map((a) => [a.terminalId, Number(a.n)]));
    const byTerminal = new Map(readings.rows.map((r) => [Number(r.terminal_id), r]));
    const trio = (r: Record<string, unknown> | undefined, k: string): ReadingStats => ({ min: round1(r?.[`${k}_min`]), max: round1(r?.[`${k}_max`]), avg: round1(r?.[`${k}_avg`]) });
    return terminalIds.map((terminalId) => {
      const r = byTerminal.get(terminalId);
      return {
        terminalId, heartRate: trio(r, 'heartRate'), systolic: trio(r, 'systolic'), diastolic: trio(r, 'diastolic'), spo2: trio(r, 'spo2'), temperature: trio(r, 'temperature'),
        steps: num(r?.steps), readings: Number(r?.readings ?? 0), alarms: alarmCount.get(terminalId) ?? 0,
      };
    });
  }

  /** Each reading's latest value since `since`, with when it was measured (absent: none since). */
  async latest(terminalId: number, since: Date): Promise<Partial<Record<(typeof READING_KEYS)[number], { value: number; time: Date }>>> {
    const out: Partial<Record<(typeof READING_KEYS)[number], { value: number; time: Date }>> = {};
    for (const key of READING_KEYS) {
      const row = await this.db
        .selectFrom('positions')
        .select(['device_time as time', sql<string>`extras->>${key}`.as('value')])
        .where('terminal_id', '=', terminalId)
        .where('device_time', '>=', since)
        .where(sql<boolean>`extras ? ${key}`)
        .orderBy('device_time', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row) out[key] = { value: Number(row.value), time: row.time };
    }
    return out;
  }
}
