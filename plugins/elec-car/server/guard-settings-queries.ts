import type { Database, Kysely } from '../../../server/module';
import type { GuardSettings, VibrationSensitivity } from '../../../sdk/ebike-guard';

/** A device's saved 防盗设置. */
export interface SavedGuardSettings extends GuardSettings {
  updatedAt: Date;
  /** The command batch that last told the device its 震动灵敏度, if one did. */
  pushBatchId: string | null;
}

/**
 * 电动车卫士 防盗设置 per device (terminal); the caller has checked the terminal is in scope. The
 * table is the platform's (its alarm engine reads it), this module the one that writes it.
 */
export class GuardSettingsQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** The device's saved settings, or undefined when it has none (the defaults apply). */
  async get(terminalId: number): Promise<SavedGuardSettings | undefined> {
    const row = await this.db
      .selectFrom('device_guard_settings')
      .select(['vibration_sensitivity as sensitivity', 'vibration_window_seconds as windowSeconds', 'updated_at as updatedAt', 'push_batch_id as pushBatchId'])
      .where('terminal_id', '=', terminalId)
      .executeTakeFirst();
    return row && { ...row, sensitivity: Number(row.sensitivity) as VibrationSensitivity, windowSeconds: Number(row.windowSeconds) };
  }

  /** Saves the settings (and the batch that tells the device, when one does). */
  async save(terminalId: number, settings: GuardSettings, userId: number, at: Date, pushBatchId: string | null): Promise<void> {
    const values = {
      vibration_sensitivity: settings.sensitivity,
      vibration_window_seconds: settings.windowSeconds,
      updated_at: at,
      updated_by: userId,
      push_batch_id: pushBatchId,
    };
    await this.db
      .insertInto('device_guard_settings')
      .values({ terminal_id: terminalId, ...values })
      .onConflict((oc) => oc.column('terminal_id').doUpdateSet(values))
      .execute();
  }
}
