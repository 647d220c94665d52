/**
 * 数据报表 rows as the API answers them (docs/api-contract.md, "数据报表"): one contract for the
 * server that builds them and the pages that show them. Pure types.
 */

/** One vehicle and day of 里程报表 (times ISO 8601 with offset). */
export interface MileageItem {
  terminalNo: string;
  plateNo: string | null;
  groupName: string | null;
  day: string;
  /** km. */
  mileage: number;
  mileageSource: 'odometer' | 'gps';
  drivingSeconds: number;
  maxSpeed: number;
  avgSpeed: number;
  reports: number;
  firstTime: string;
  lastTime: string;
}

/** One vehicle and day of 车辆日在线. */
export interface DayOnlineItem {
  terminalNo: string;
  plateNo: string | null;
  groupName: string | null;
  day: string;
  online: boolean;
  onlineSeconds: number;
  reports: number;
  firstTime: string | null;
  lastTime: string | null;
}
