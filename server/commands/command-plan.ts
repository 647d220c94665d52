import type { CommandTarget } from '../store/command-queries';
import type { CommandDefinition } from './command-types';

/** Faster than this (km/h) by its latest position an asset counts as moving now. */
export const MOVING_KMH = 5;
/** A position older than this says nothing about whether the asset moves now. */
export const MOTION_FRESH_MS = 10 * 60_000;

/** Why an offline terminal does not get a dangerous command (it is not queued for when it connects). */
export const OFFLINE_NOT_QUEUED = '终端离线，危险指令不排队下发';
/** What an offline terminal's ordinary command does. */
export const OFFLINE_QUEUED = '终端离线，上线后下发';

/** Why a terminal does not get a command. */
export type SkipCode = 'unsupported' | 'offline' | 'moving';

/** What happens to one terminal of a batch. */
export interface PlannedTarget {
  target: CommandTarget;
  /** Its latest speed (km/h, rounded) when reported within MOTION_FRESH_MS; null otherwise. */
  speed: number | null;
  /** Faster than MOVING_KMH now. */
  moving: boolean;
  /** send: goes out now; queue: waits for the terminal to connect; skip: not sent (ends at once as 失败). */
  outcome: 'send' | 'queue' | 'skip';
  skip?: { code: SkipCode; text: string };
}

export interface PlanOptions {
  now: Date;
  /** Commands for offline terminals wait for them (false: they are skipped, as dangerous ones from an operator are). */
  queueOffline: boolean;
}

/** The latest reported speed and device time per terminal id (CommandQueries.latestMotion). */
export type LatestMotion = ReadonlyMap<number, { speed: number; time: Date }>;

/**
 * What a batch will do to each terminal, decided once for the preview and the send alike (so the
 * preview's figures are what the send does): a terminal whose model lacks the command is skipped,
 * an offline one waits (or is skipped when offline terminals are not queued), one moving now is
 * skipped when the command must not reach a moving asset (a power cut; the reason in the words of
 * its kind: 行驶中, 骑行中 …), the rest get it now.
 */
export function planTargets(
  def: CommandDefinition,
  params: Record<string, unknown>,
  targets: readonly CommandTarget[],
  motion: LatestMotion,
  opts: PlanOptions,
): PlannedTarget[] {
  return targets.map((target) => {
    const m = motion.get(target.terminalId);
    const fresh = m !== undefined && opts.now.getTime() - m.time.getTime() <= MOTION_FRESH_MS;
    const speed = fresh ? Math.round(m.speed) : null;
    const moving = fresh && m.speed > MOVING_KMH;
    const planned = (outcome: PlannedTarget['outcome'], skip?: PlannedTarget['skip']): PlannedTarget => ({ target, speed, moving, outcome, ...(skip && { skip }) });
    const unsupported = def.unsupported(target, params);
    if (unsupported) return planned('skip', { code: 'unsupported', text: unsupported });
    if (!target.connected && !opts.queueOffline) return planned('skip', { code: 'offline', text: OFFLINE_NOT_QUEUED });
    const refusal = moving ? def.refusalWhileMoving?.(params, m!.speed, target.assetKind) : undefined;
    if (refusal) return planned('skip', { code: 'moving', text: refusal });
    return planned(target.connected ? 'send' : 'queue');
  });
}

/** Whether the plan needs the assets' motion at all (only a command refused while moving does). */
export function needsMotion(def: CommandDefinition, params: Record<string, unknown>): boolean {
  return def.refusalWhileMoving?.(params, Infinity) !== undefined;
}
