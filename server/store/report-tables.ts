import type { ColumnType } from 'kysely';

type NullableTime = ColumnType<Date | null, Date | string | null, Date | string | null>;

/** The figures of one terminal on one finished China day (migration 0008-report-days). */
export interface ReportDayTable {
  terminal_id: number;
  /** China day. */
  day: ColumnType<Date | string, string, string>;
  reports: number;
  first_time: NullableTime;
  last_time: NullableTime;
  max_speed: number;
  moving_reports: number;
  moving_speed_sum: number;
  odometer_reports: number;
  odometer_km: number;
  gps_km: number;
  driving_seconds: number;
  live_reports: number;
  live_first_time: NullableTime;
  live_last_time: NullableTime;
  online_seconds: number;
  online_window_seconds: number;
  backfill_seen: NullableTime;
  computed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Kysely types of the report tables. */
export interface ReportTables {
  report_days: ReportDayTable;
}
