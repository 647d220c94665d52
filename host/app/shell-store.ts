import { makeAutoObservable } from 'mobx';
import type { ManifestRecord } from '../../sdk/plugin';
import type { SystemEntry } from '../../sdk/services/plugin-registry';
import { StorageKeys, type StorageService } from '../../sdk/services/storage-service';

/** The sub-application the user works in (persisted as currentSystem). */
export interface CurrentSystem {
  systemId: string;
  path: string;
  title: string;
}

/** The centre's record when the manifest has not been read. */
export const CENTER_SYSTEM: CurrentSystem = { systemId: 'center', path: '/', title: '系统中心' };

/** The manifest record whose base path holds `pathname`; the centre owns everything else. */
export function ownerOfPath(manifest: readonly ManifestRecord[], pathname: string): CurrentSystem {
  const probe = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const hit = manifest.find((m) => m.systemId !== CENTER_SYSTEM.systemId && m.path !== '/' && probe.startsWith(m.path));
  if (hit) return { systemId: hit.systemId, path: hit.path, title: hit.title };
  const center = manifest.find((m) => m.systemId === CENTER_SYSTEM.systemId);
  return center ? { systemId: center.systemId, path: center.path, title: center.title } : CENTER_SYSTEM;
}

/** Shell state kept in storage: current system, the list of systems, alarm voice. */
export class ShellStore {
  currentSystem: CurrentSystem | undefined;
  systemList: SystemEntry[];
  alarmVoiceOn: boolean;

  constructor(private readonly storage: StorageService) {
    this.currentSystem = storage.get<CurrentSystem>(StorageKeys.currentSystem);
    this.systemList = storage.get<SystemEntry[]>(StorageKeys.systemList) ?? [];
    this.alarmVoiceOn = storage.get<boolean>(StorageKeys.alarmVoiceOn) ?? true;
    makeAutoObservable(this);
  }

  setCurrentSystem(system: CurrentSystem): void {
    if (this.currentSystem?.systemId === system.systemId && this.currentSystem.path === system.path) return;
    this.currentSystem = system;
    this.storage.set(StorageKeys.currentSystem, system);
    this.storage.set(StorageKeys.systemId, system.systemId);
  }

  setSystemList(list: readonly SystemEntry[]): void {
    this.systemList = [...list];
    this.storage.set(StorageKeys.systemList, this.systemList);
  }

  setAlarmVoice(on: boolean): void {
    this.alarmVoiceOn = on;
    this.storage.set(StorageKeys.alarmVoiceOn, on);
  }
}
