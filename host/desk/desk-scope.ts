import type { AssetKind } from '../../sdk/asset-kinds';
import type { AlarmDeskEntry, AlarmDeskPrefs } from '../../sdk/services/alarm-service';

/** Which of the desk's entries a sub-application shows. */
export interface DeskScope {
  /** The sub-application's asset kinds; undefined: it watches every kind (no choice to make). */
  kinds: readonly AssetKind[] | undefined;
  /** Only its own kinds' alarms are shown. */
  ownOnly: boolean;
}

/** The user's choice for the sub-application, or its default: on unless it watches vehicles. */
export function deskScope(prefs: AlarmDeskPrefs, systemId: string, kinds: readonly AssetKind[] | undefined): DeskScope {
  if (!kinds?.length) return { kinds: undefined, ownOnly: false };
  return { kinds, ownOnly: prefs.ownKindsOnly[systemId] ?? !kinds.includes('vehicle') };
}

/** Whether the scope shows an entry (an alarm of a terminal bound to no asset is always shown). */
export function inScope(scope: DeskScope, entry: AlarmDeskEntry): boolean {
  return !scope.ownOnly || !scope.kinds || !entry.assetKind || scope.kinds.includes(entry.assetKind);
}
