import { moduleServices, type Store } from '../../../server/module';
import type { AttendanceQueries } from './attendance-queries';
import type { AttendanceRecordQueries } from './attendance-record-queries';
import type { HealthReadingQueries } from './health-reading-queries';

/** What 智能工牌 builds once per server: its 考勤 and health queries, and the platform's people they are about. */
export interface CardServices {
  /** People (人员管理) with their badges: the platform's. */
  people: Store['people'];
  /** 考勤 work areas, shifts and the positions attendance is computed from. */
  attendance: AttendanceQueries;
  /** 考勤 records an administrator keeps: the holiday calendar, 请假 and 补卡. */
  attendanceRecords: AttendanceRecordQueries;
  /** Badges' body readings (heart rate, blood pressure, temperature, steps) as stored with their positions. */
  healthReadings: HealthReadingQueries;
}

/** 智能工牌's services, from a route's deps. */
export const cardOf = moduleServices<CardServices>('card');
