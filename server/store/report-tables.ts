import type { ColumnType } from 'kysely';
import type { DayResume } from '../report/day-events';

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

/** Per terminal and China day: how its events were computed, and its fuel figures (migration 0018-report-events). */
export interface ReportEventDayTable {
  terminal_id: number;
  day: ColumnType<Date | string, string, string>;
  speed_limit: number;
  overspeed_seconds: number;
  /** The day had ended (and settled) when computed; an unfinished day is recomputed. */
  final: boolean;
  backfill_seen: NullableTime;
  fuel_readings: number;
  fuel_first: number | null;
  fuel_last: number | null;
  fuel_used: number;
  fuel_added: number;
  trip_metres: number;
  computed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Where a refresh of the unfinished day resumes, as JSON (migration 0019-live-day-resume); null: from the day's start. */
  resume: ColumnType<StoredDayResume | null, string | null, string | null>;
}

/** A day's resume point as stored: {@link DayResume} and the ignition and odometer rules (the asset's kind) it was computed with. */
export interface StoredDayResume extends DayResume {
  acc: boolean;
  kind?: string | null;
}

/** One trip, stop, overspeed stretch or fuel drop of a terminal's day. */
export interface ReportEventTable {
  terminal_id: number;
  day: ColumnType<Date | string, string, string>;
  kind: string;
  seq: number;
  start_time: ColumnType<Date, Date | string, Date | string>;
  end_time: ColumnType<Date, Date | string, Date | string>;
  start_lon: number;
  start_lat: number;
  end_lon: number;
  end_lat: number;
  metres: number;
  seconds: number;
  max_speed: number;
  avg_speed: number;
  acc: boolean | null;
  value: number | null;
}

/** Kysely types of the report tables. */
export interface ReportTables {
  report_days: ReportDayTable;
  report_event_days: ReportEventDayTable;
  report_events: ReportEventTable;
}
