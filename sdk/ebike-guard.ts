/**
 * 电动车卫士 防盗设置: an e-bike guard's 震动灵敏度 and 告警间隔 (the quiet gap that ends one 震动告警
 * episode), their bounds and defaults, the one check the server refuses bad input with and the form
 * warns with, and the shapes the server answers (its calls: `ElecCarApi` of sdk/contracts/elec-car.ts). Pure.
 */
import type { Command } from './services/command-api';

/** 震动灵敏度: 1 低, 2 中, 3 高. */
export type VibrationSensitivity = 1 | 2 | 3;

/**
 * The levels, least sensitive first. None of the supported protocols says how strong a jolt was,
 * so the platform reads a level as the number of vibration reports within the 告警间隔 that make an
 * episode worth an alarm (`reports`); the device is told the level too where it takes it.
 */
export const VIBRATION_SENSITIVITIES: readonly { level: VibrationSensitivity; name: string; reports: number }[] = [
  { level: 1, name: '低', reports: 3 },
  { level: 2, name: '中', reports: 2 },
  { level: 3, name: '高', reports: 1 },
];

/** Used while a device has none saved. */
export const DEFAULT_VIBRATION_SENSITIVITY: VibrationSensitivity = 2;
/** 告警间隔, seconds: vibrations closer than this belong to one episode (one alarm). */
export const DEFAULT_VIBRATION_WINDOW_SECONDS = 180;
/** The shortest 告警间隔 a device may have, seconds. */
export const VIBRATION_WINDOW_MIN_SECONDS = 30;
/** The longest 告警间隔 a device may have, seconds. */
export const VIBRATION_WINDOW_MAX_SECONDS = 3600;

/** One device's 防盗设置. */
export interface GuardSettings {
  sensitivity: VibrationSensitivity;
  windowSeconds: number;
}

/** What a device without saved 防盗设置 has: 中, 180 s. */
export const DEFAULT_GUARD_SETTINGS: GuardSettings = {
  sensitivity: DEFAULT_VIBRATION_SENSITIVITY,
  windowSeconds: DEFAULT_VIBRATION_WINDOW_SECONDS,
};

/** The Chinese name of a level (低, 中, 高). */
export function sensitivityName(level: number): string {
  return VIBRATION_SENSITIVITIES.find((s) => s.level === level)?.name ?? String(level);
}

/** Vibration reports within one 告警间隔 that raise 震动告警 at this level. */
export function vibrationReportsNeeded(level: VibrationSensitivity): number {
  return VIBRATION_SENSITIVITIES.find((s) => s.level === level)?.reports ?? 1;
}

function wholeNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** A 震动灵敏度, or the Chinese reason it is refused. */
export function checkSensitivity(value: unknown): { ok: true; level: VibrationSensitivity } | { ok: false; msg: string } {
  if (blank(value)) return { ok: false, msg: '震动灵敏度不能为空' };
  const level = VIBRATION_SENSITIVITIES.find((s) => s.level === wholeNumber(value))?.level;
  return level === undefined ? { ok: false, msg: '震动灵敏度必须是 1（低）、2（中）或 3（高）' } : { ok: true, level };
}

/** The settings, or the Chinese reason they are refused (nothing is saved then). */
export function checkGuardSettings(input: { sensitivity?: unknown; windowSeconds?: unknown }):
  { ok: true; settings: GuardSettings } | { ok: false; msg: string } {
  const sensitivity = checkSensitivity(input.sensitivity);
  if (!sensitivity.ok) return sensitivity;
  if (blank(input.windowSeconds)) return { ok: false, msg: '告警间隔不能为空' };
  const seconds = wholeNumber(input.windowSeconds);
  if (seconds === undefined) return { ok: false, msg: '告警间隔必须是整数秒' };
  if (seconds < VIBRATION_WINDOW_MIN_SECONDS || seconds > VIBRATION_WINDOW_MAX_SECONDS) {
    return { ok: false, msg: `告警间隔必须在 ${VIBRATION_WINDOW_MIN_SECONDS}–${VIBRATION_WINDOW_MAX_SECONDS} 秒之间` };
  }
  return { ok: true, settings: { sensitivity: sensitivity.level, windowSeconds: seconds } };
}

/** 防盗设置 button of 电动车卫士's 电动车监控: granted to roles that may edit e-bikes (编辑电动车). */
export const GUARD_SETTINGS_BUTTON_ID = 180201;

/** One e-bike guard's 防盗设置 as the server answers them. */
export interface GuardSettingsView extends GuardSettings {
  terminalNo: string;
  plateNo: string | null;
  protocol: string | null;
  /** False while the device has none saved: the defaults apply. */
  saved: boolean;
  /** When they were last saved (ISO 8601 with offset), null while unsaved. */
  updateTime: string | null;
  /** The device side: whether its protocol takes the 震动灵敏度, why not, and the last command that told it. */
  push: { supported: boolean; reason: string | null; command: Command | null };
}
