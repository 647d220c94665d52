import { defineEndpoint, NETWORK_ERROR_MESSAGE, toChinaIso } from '@tianlu/sdk';
import type { Trip } from './server/trips';

/** A vehicle's temperature against its limits: 正常, 超限, or 无数据 (no reading yet). */
export type TemperatureState = 'normal' | 'over' | 'none';

/** One temperature reading, ℃ at an instant (ISO 8601). */
export interface TemperatureReading {
  time: string;
  celsius: number;
}

/** A row of 温度总览: a vehicle the caller may see, its latest reading and the limits that apply to it. */
export interface VehicleTemperature {
  /** The terminal number as positions carry it (no leading zeros); what the routes take. */
  terminalNo: string;
  /** The terminal number as the console shows it (`013800000001`); the routes take it too. */
  displayNo?: string;
  /** The plate (or the asset's name). */
  name: string;
  /** The latest reading, null before the first. */
  latest: TemperatureReading | null;
  /** 下限 and 上限, ℃: the vehicle's own, or the tenant's default when `custom` is false. */
  min: number;
  max: number;
  /** The vehicle has limits of its own (false: the tenant default applies, shown as 默认). */
  custom: boolean;
  state: TemperatureState;
}

/** A trip: readings without a pause longer than the tenant's 行程间隔 (tripGapMinutes); the server part's own type. */
export type { Trip };

/** The readings of a vehicle over a time range (thinned evenly past 5,000) and the limits that apply. */
export interface TemperatureSeries {
  list: TemperatureReading[];
  /** The vehicle's 下限 and 上限, ℃. */
  min: number;
  max: number;
}

/** The terminal number of a vehicle as the console shows it. */
export const shownTerminalNo = (v: Pick<VehicleTemperature, 'terminalNo' | 'displayNo'>): string => v.displayNo ?? v.terminalNo;

/**
 * The range to read (or export) a trip's readings with: its first to its last reading, a second
 * wider each side, so that a trip of one reading is a range too (no other reading is that close:
 * a pause of minutes separates trips).
 */
export function tripRange(trip: Pick<Trip, 'start' | 'end'>): { start: string; end: string } {
  return { start: toChinaIso(Date.parse(trip.start) - 1000), end: toChinaIso(Date.parse(trip.end) + 1000) };
}

/** 设置上下限: a vehicle's own limits, or `reset` back to the tenant default. */
export type LimitsChange = { terminalNo: string; min: number; max: number } | { terminalNo: string; reset: true };

/** 导出: the readings of one vehicle (运输温度) or of every vehicle the caller may see (温度总览) over a range. */
export interface ReadingsExport {
  terminalNo?: string;
  /** ISO 8601. */
  start: string;
  end: string;
}

const API = '/plugins/cold-chain/api';

/** The routes of 冷链监控's server part, typed for `http.call`. */
export const ColdChainApi = {
  vehicles: defineEndpoint<Record<string, never>, undefined, { list: VehicleTemperature[] }>({
    method: 'GET',
    path: `${API}/vehicles.json`,
    summary: '车辆的最新温度与上下限',
  }),
  saveLimits: defineEndpoint<Record<string, never>, LimitsChange, unknown>({
    method: 'POST',
    path: `${API}/limits/save.json`,
    summary: '设置或恢复一辆车的温度上下限',
  }),
  trips: defineEndpoint<{ terminalNo: string; days?: number }, undefined, Trip[]>({
    method: 'GET',
    path: `${API}/trips.json`,
    summary: '车辆近几天的运输行程',
  }),
  readings: defineEndpoint<{ terminalNo: string; start: string; end: string }, undefined, TemperatureSeries>({
    method: 'GET',
    path: `${API}/readings.json`,
    summary: '车辆一段时间的温度读数',
  }),
  exportReadings: defineEndpoint<Record<string, never>, ReadingsExport, { id: number; fileName: string }>({
    method: 'POST',
    path: `${API}/export.json`,
    summary: '导出温度记录到下载中心',
  }),
};

/** The message of a failed call: the server's msg, or 网络异常. */
export function errorText(e: unknown): string {
  return e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE;
}
