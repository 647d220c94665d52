import type { Migration, MigrationProvider } from 'kysely';
import { withModuleMigrations } from '../../module/module-host';
import { BUILT_IN_MODULES } from '../../modules/built-in-modules';
import { initialSchema } from './0001-initial-schema';
import { fleetSchema } from './0002-fleet-schema';
import { accessAndAudit } from './0003-access-and-audit';
import { alarmsSchema } from './0004-alarms';
import { commandsSchema } from './0005-commands';
import { centreSettingsGrants } from './0007-centre-settings-grants';
import { reportDays } from './0008-report-days';
import { terminalProtocols } from './0009-terminal-protocols';
import { commandMatchKeys } from './0012-command-match-keys';
import { assetProfiles } from './0013-asset-profiles';
import { petGuard } from './0016-pet-guard';
import { reportEvents } from './0018-report-events';
import { liveDayResume } from './0019-live-day-resume';
import { lateAlarms } from './0020-late-alarms';
import { loginFailureSource } from './0021-login-failure-source';
import { alarmLevels } from './0022-alarm-levels';
import { deviceGuardSettings } from './0023-device-guard-settings';
import { tenantMapSettings } from './0024-tenant-map-settings';
import { odometerRule } from './0025-odometer-rule';
import { healthLimits } from './0028-health-limits';
import { notifyOutbox } from './0029-notify-outbox';
import { notifyRules } from './0030-notify-rules';
import { notifyChannelChoice } from './0032-notify-channel-choice';
import { pluginSettings } from './0033-plugin-settings';

/** The server's own migrations, in order. A static list keeps bundlers and tsx happy (no directory scanning). */
const serverMigrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-fleet-schema': fleetSchema,
  '0003-access-and-audit': accessAndAudit,
  '0004-alarms': alarmsSchema,
  '0005-commands': commandsSchema,
  '0007-centre-settings-grants': centreSettingsGrants,
  '0008-report-days': reportDays,
  '0009-terminal-protocols': terminalProtocols,
  '0012-command-match-keys': commandMatchKeys,
  '0013-asset-profiles': assetProfiles,
  '0016-pet-guard': petGuard,
  '0018-report-events': reportEvents,
  '0019-live-day-resume': liveDayResume,
  '0020-late-alarms': lateAlarms,
  '0021-login-failure-source': loginFailureSource,
  '0022-alarm-levels': alarmLevels,
  '0023-device-guard-settings': deviceGuardSettings,
  '0024-tenant-map-settings': tenantMapSettings,
  '0025-odometer-rule': odometerRule,
  '0028-health-limits': healthLimits,
  '0029-notify-outbox': notifyOutbox,
  '0030-notify-rules': notifyRules,
  '0032-notify-channel-choice': notifyChannelChoice,
  '0033-plugin-settings': pluginSettings,
};

/** The server's migrations and the modules' (Kysely runs them in the order of their names). */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => withModuleMigrations(serverMigrations, BUILT_IN_MODULES),
};
