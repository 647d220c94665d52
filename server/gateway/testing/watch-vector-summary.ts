// Test helper: the parts of a decoded frame the vector file records.
import type { DeviceMessage } from '../device-protocol';

export function watchSummary(m: DeviceMessage): Record<string, unknown> {
  const e: Record<string, unknown> = { kind: m.kind, type: m.type, imei: m.imei, vendor: m.vendor };
  if (m.backfill) e.backfill = true;
  if (m.fixes.length) {
    e.fixes = m.fixes.map((f) => ({
      source: f.source, valid: f.valid, time: f.time.toISOString(),
      ...(f.lat !== undefined && { lat: Number(f.lat.toFixed(6)), lon: Number(f.lon!.toFixed(6)) }), speed: f.speed, course: f.course,
      ...(f.cells?.length && { cells: f.cells }), ...(f.wifi?.length && { wifi: f.wifi.map((w) => w.mac) }),
    }));
  }
  if (m.alarms.length) e.alarms = m.alarms;
  if (m.readings) e.readings = m.readings;
  if (m.answer) e.answer = m.answer;
  if (m.status && Object.keys(m.status).length) e.status = m.status;
  e.replies = m.replies.map((x) => ({ text: Buffer.from(x.frame).toString('latin1'), afterCommit: x.afterCommit }));
  return e;
}
