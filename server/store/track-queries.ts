import type { Kysely } from 'kysely';
import type { Database } from './db-schema';
import { trackExtrasColumns, toStoredPosition, type StoredPosition } from './position-queries';

/** 轨迹回放: a terminal's stored positions in a time range, a page at a time. */
export class TrackQueries {
  constructor(private readonly db: Kysely<Database>) {}

  private range(terminalId: number, start: Date, end: Date) {
    return this.db
      .selectFrom('positions')
      .where('terminal_id', '=', terminalId)
      .where('device_time', '>=', start)
      .where('device_time', '<=', end);
  }

  /** How many positions the terminal stored with start ≤ device time ≤ end. */
  async count(terminalId: number, start: Date, end: Date): Promise<number> {
    const row = await this.range(terminalId, start, end)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One page of those positions, oldest first. */
  async page(terminalId: number, start: Date, end: Date, offset: number, limit: number): Promise<StoredPosition[]> {
    const rows = await this.range(terminalId, start, end)
      .select([
        'terminal_id as terminalId', 'device_time as deviceTime', 'received_time as receivedTime', 'lon', 'lat', 'altitude',
        'speed', 'course', 'alarm_flags as alarmFlags', 'status_flags as statusFlags', 'mileage', 'backfill', ...trackExtrasColumns,
      ])
      .orderBy('device_time')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map(toStoredPosition);
  }
}
