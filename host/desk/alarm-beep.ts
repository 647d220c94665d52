import { observable, runInAction } from 'mobx';

/**
 * The alarm desk's sound, made with WebAudio (no audio file). Browsers keep audio locked until the
 * user interacts with the page: the first click or key press unlocks it, and a beep asked for
 * while it is still locked is skipped rather than played late. `audioGate.locked` says the
 * browser is holding the sound back, so the header can ask for it once.
 */
export const audioGate = observable({ locked: false });

function setLocked(locked: boolean): void {
  if (audioGate.locked !== locked) runInAction(() => (audioGate.locked = locked));
}

type AudioWindow = Window & { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };

let context: AudioContext | undefined;

function audioContext(win: AudioWindow): AudioContext | undefined {
  const Ctx = win.AudioContext ?? win.webkitAudioContext;
  if (!Ctx) return undefined;
  context ??= new Ctx();
  return context;
}

/** Two short tones (880 Hz), 0.15 s each. */
function tones(ctx: AudioContext): void {
  const start = ctx.currentTime;
  for (const offset of [0, 0.25]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(start + offset);
    osc.stop(start + offset + 0.16);
  }
}

/** Unlocks audio on the user's first interaction; returns the undo. */
export function unlockAlarmAudioOnGesture(win: Window = window): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const unlock = () => {
    remove();
    try {
      const ctx = audioContext(win as AudioWindow);
      if (ctx?.state === 'suspended') void ctx.resume().then(() => setLocked(false), () => undefined);
      else setLocked(false);
    } catch {
      /* no audio on this device */
    }
  };
  const remove = () => events.forEach((e) => win.removeEventListener(e, unlock, true));
  events.forEach((e) => win.addEventListener(e, unlock, true));
  return remove;
}

/** Whether the browser lets the page play sound now; sets `audioGate.locked` when it does not. */
export function probeAlarmAudio(win: Window = window): boolean {
  try {
    const ctx = audioContext(win as AudioWindow);
    if (!ctx) return false;
    const running = ctx.state === 'running';
    setLocked(!running);
    return running;
  } catch {
    return false;
  }
}

/** Asks the browser for sound from a click (the header's 开启告警声音). */
export async function enableAlarmAudio(win: Window = window): Promise<boolean> {
  try {
    const ctx = audioContext(win as AudioWindow);
    if (!ctx) return false;
    await ctx.resume();
    setLocked(ctx.state !== 'running');
    if (ctx.state === 'running') tones(ctx);
    return ctx.state === 'running';
  } catch {
    return false;
  }
}

/** Plays the alarm beep; false when the browser has no audio or keeps it locked. */
export function playAlarmBeep(win: Window = window): boolean {
  try {
    const ctx = audioContext(win as AudioWindow);
    if (!ctx) return false;
    if (ctx.state === 'running') {
      tones(ctx);
      return true;
    }
    setLocked(true);
    const asked = Date.now();
    void ctx
      .resume()
      .then(() => {
        setLocked(ctx.state !== 'running');
        if (Date.now() - asked < 1000) tones(ctx);
      })
      .catch(() => undefined);
    return false;
  } catch {
    return false;
  }
}

/** Forgets the audio context (tests). */
export function resetAlarmAudio(): void {
  context = undefined;
  setLocked(false);
}
