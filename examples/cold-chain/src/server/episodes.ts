/**
 * Over-temperature episodes per terminal: an episode opens with the first reading outside the limits
 * and ends with the first reading back inside. The part raises 温度超限 when one opens and ends it when
 * it closes, so each episode is one alarm however many readings it lasts.
 */
export type EpisodeStep = 'raise' | 'end' | undefined;

export class EpisodeTracker {
  /** Whether the terminal's last reading was outside its limits; absent until its first reading here. */
  private readonly over = new Map<number, boolean>();

  /**
   * What a reading asks for: `raise` when it starts an episode, `end` when it closes one, nothing
   * otherwise. A terminal's first reading since the part started ends any episode left open before
   * (the platform answers nothing when none was).
   */
  next(terminalId: number, over: boolean): EpisodeStep {
    const was = this.over.get(terminalId);
    this.over.set(terminalId, over);
    if (over) return was === true ? undefined : 'raise';
    return was === false ? undefined : 'end';
  }

  /** Forgets a terminal's state, so that its next reading is treated as its first (after a failed raise or end). */
  forget(terminalId: number): void {
    this.over.delete(terminalId);
  }
}
