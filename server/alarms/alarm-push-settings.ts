import type { AlarmPushSettings } from '../../sdk/services/alarm-service';
import { alarmTypes } from './alarm-catalogue';

export type { AlarmPushSettings };

/** What a tenant gets before it saves its own push settings: popup and sound for every type, nothing sent out. */
export function defaultPushSettings(): AlarmPushSettings {
  return {
    popup: true,
    sound: true,
    alarmTypes: alarmTypes().map((t) => t.alarmType),
    email: { enabled: false, to: [] },
    sms: { enabled: false, phones: [] },
  };
}

/** Saved settings over the defaults (a partial or older record still reads whole). */
export function mergePushSettings(saved: Partial<AlarmPushSettings> | undefined): AlarmPushSettings {
  const d = defaultPushSettings();
  if (!saved) return d;
  return {
    popup: saved.popup ?? d.popup,
    sound: saved.sound ?? d.sound,
    alarmTypes: Array.isArray(saved.alarmTypes) ? saved.alarmTypes : d.alarmTypes,
    email: { ...d.email, ...saved.email },
    sms: { ...d.sms, ...saved.sms },
  };
}
