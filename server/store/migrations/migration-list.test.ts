import { describe, expect, it } from 'vitest';
import { migrationProvider } from './migration-list';

describe('migration list', () => {
  it("keeps every migration's name and order, the modules' among the server's: databases that ran them look them up by name", async () => {
    // Kysely refuses to migrate a database whose executed migrations are missing or out of order
    expect(Object.keys(await migrationProvider.getMigrations()).sort()).toEqual([
      '0001-initial-schema', '0002-fleet-schema', '0003-access-and-audit', '0004-alarms', '0005-commands', '0006-system-assets',
      '0007-centre-settings-grants', '0008-report-days', '0009-terminal-protocols', '0012-command-match-keys', '0013-asset-profiles',
      '0014-gb-declarations', '0015-attendance', '0016-pet-guard', '0017-elec-lease', '0018-report-events', '0019-live-day-resume',
      '0020-late-alarms', '0021-login-failure-source', '0022-alarm-levels', '0023-device-guard-settings', '0024-tenant-map-settings',
      '0025-odometer-rule', '0026-lease-payment-receipts', '0027-attendance-records', '0028-health-limits', '0029-notify-outbox',
      '0030-notify-rules', '0032-notify-channel-choice', '0033-plugin-settings',
    ]);
  });
});
