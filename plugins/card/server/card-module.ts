import { defineServerModule } from '../../../server/module';
import { AttendanceQueries } from './attendance-queries';
import { AttendanceRecordQueries } from './attendance-record-queries';
import { cardArea } from './card-area';
import type { CardServices } from './card-services';
import { seedDemoAttendance } from './demo-attendance';
import { HealthReadingQueries } from './health-reading-queries';
import { attendance } from './migrations/0015-attendance';
import { attendanceRecords } from './migrations/0027-attendance-records';

/**
 * 智能工牌's server half: 考勤 (work areas, shifts, 节假日, 请假, 补卡 and the reports with their export),
 * the badges' 健康 readings and 健康报表, 人员监控's person card and 轨迹回放's stays, and the demo's
 * 考勤区域 and shifts. The health limits (健康设置) stay with the platform: its alarm rules judge the
 * readings against them, so 0028-health-limits is the platform's too.
 */
export const cardModule = defineServerModule<CardServices>({
  name: 'card',
  routes: [cardArea],
  // the names they first ran under: databases that ran them look them up by name
  migrations: { '0015-attendance': attendance, '0027-attendance-records': attendanceRecords },
  services: ({ db, store }) => ({
    people: store.people,
    attendance: new AttendanceQueries(db),
    attendanceRecords: new AttendanceRecordQueries(db),
    healthReadings: new HealthReadingQueries(db),
  }),
  seedDemo: seedDemoAttendance,
});
