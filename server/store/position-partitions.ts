import { sql, type Kysely } from 'kysely';
import type { Database } from './db-schema';

const DAY_MS = 86_400_000;
const PARTITION_NAME = /^positions_p(\d{4})(\d{2})(\d{2})$/;

/** The UTC day (epoch ms of its midnight) that holds `time`. */
export function dayStart(time: Date | number): number {
  const ms = typeof time === 'number' ? time : time.getTime();
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

function partitionName(day: number): string {
  return `positions_p${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/**
 * Daily partitions of `positions` (range on device_time, UTC days). Created ahead by the
 * maintenance timer and on demand before a batch lands in a day without one; dropped whole once
 * older than the retention, which costs no row-by-row delete.
 */
export class PositionPartitions {
  private readonly known = new Set<number>();

  constructor(private readonly db: Kysely<Database>) {}

  /** Makes sure a partition exists for the day of every time given. */
  async ensureFor(times: readonly Date[]): Promise<void> {
    const days = new Set<number>();
    for (const t of times) {
      const day = dayStart(t);
      if (!this.known.has(day)) days.add(day);
    }
    for (const day of days) await this.create(day);
  }

  /** Creates the partitions of `from`'s day through `daysAhead` days later. */
  async ensureAhead(from: Date, daysAhead: number): Promise<void> {
    const first = dayStart(from);
    const times: Date[] = [];
    for (let i = 0; i <= daysAhead; i++) times.push(new Date(first + i * DAY_MS));
    await this.ensureFor(times);
  }

  /** Day starts (epoch ms) of the existing partitions, oldest first. */
  async list(): Promise<number[]> {
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'positions'::regclass`.execute(this.db);
    const days: number[] = [];
    for (const { name } of rows) {
      const m = PARTITION_NAME.exec(name);
      if (m) days.push(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    }
    return days.sort((a, b) => a - b);
  }

  /** Drops every partition whose whole day ended before `cutoff`; answers the dropped tables' names. */
  async dropBefore(cutoff: Date): Promise<string[]> {
    const dropped: string[] = [];
    for (const day of await this.list()) {
      if (day + DAY_MS > cutoff.getTime()) continue;
      const name = partitionName(day);
      await sql`drop table if exists ${sql.id(name)}`.execute(this.db);
      this.known.delete(day);
      dropped.push(name);
    }
    return dropped;
  }

  private async create(day: number): Promise<void> {
    const name = partitionName(day);
    const from = new Date(day).toISOString();
    const to = new Date(day + DAY_MS).toISOString();
    try {
      await sql`create table if not exists ${sql.id(name)} partition of positions for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(this.db);
    } catch (err) {
      // Another instance may have created it between our check and our create.
      if (!(await this.exists(name))) throw err;
    }
    this.known.add(day);
  }

  private async exists(name: string): Promise<boolean> {
    const { rows } = await sql<{ n: number }>`select 1 as n from pg_class where relname = ${name} and relnamespace = current_schema()::regnamespace`.execute(this.db);
    return rows.length > 0;
  }
}
