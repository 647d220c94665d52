import { observable, runInAction } from 'mobx';

/**
 * The alarm desk's sound: two short tones made here as a WAV file (no audio file to download),
 * played by an audio element. Browsers keep sound locked until the user interacts with the page:
 * the first click or key press unlocks it, and a beep asked for while it is still locked is skipped
 * rather than played late. `audioGate.locked` says the browser is holding the sound back, so the
 * header can ask for it once.
 *
 * An audio element, not WebAudio: creating an AudioContext waits for the browser's audio service on
 * the page's main thread (over 300 ms in Chromium the first time), and the desk starts with the page;
 * an element's play() does that work elsewhere and says through its promise whether sound is allowed.
 */
export const audioGate = observable({ locked: false });

function setLocked(locked: boolean): void {
  if (audioGate.locked !== locked) runInAction(() => (audioGate.locked = locked));
}

const RATE = 8000;
const TONE_HZ = 880;
/** Each tone's start (s), length (s) and the whole length. */
const TONES = [0, 0.25];
const TONE_S = 0.15;
const FADE_S = 0.02;
const LENGTH_S = 0.41;
const VOLUME = 0.3;

/** 8-bit mono PCM WAV of the two tones, as a data URL. */
export function beepWavDataUrl(): string {
  const samples = Math.round(RATE * LENGTH_S);
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE, true); // bytes per second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++) {
    const t = i / RATE;
    let level = 0;
    for (const start of TONES) {
      const local = t - start;
      if (local >= 0 && local < TONE_S) level = Math.min(1, local / FADE_S, (TONE_S - local) / FADE_S);
    }
    bytes[44 + i] = 128 + Math.round(127 * VOLUME * level * Math.sin(2 * Math.PI * TONE_HZ * t));
  }
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `data:audio/wav;base64,${btoa(binary)}`;
}

let element: HTMLAudioElement | undefined;

function beepElement(win: Window): HTMLAudioElement {
  element ??= Object.assign(win.document.createElement('audio'), { src: beepWavDataUrl(), preload: 'auto' });
  return element;
}

/** `navigator.userActivation` (Chrome 72, Firefox 120, Safari 16.4): whether the page has had a click or key press. */
function hadGesture(win: Window): boolean | undefined {
  return (win.navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive;
}

/** play()'s refusal of sound the user has not allowed yet (a DOMException). */
const refused = (err: unknown) => typeof err === 'object' && err !== null && 'name' in err && err.name === 'NotAllowedError';

/** Plays the beep from its start; resolves whether it played (false: locked, or no audio on this device). */
async function play(win: Window): Promise<boolean> {
  const el = beepElement(win);
  try {
    el.currentTime = 0;
    await el.play();
    setLocked(false);
    return true;
  } catch (err) {
    if (refused(err)) setLocked(true);
    return false;
  }
}

/** Unlocks sound on the user's first interaction; returns the undo. */
export function unlockAlarmAudioOnGesture(win: Window = window): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const unlock = () => {
    remove();
    setLocked(false);
  };
  const remove = () => events.forEach((e) => win.removeEventListener(e, unlock, true));
  events.forEach((e) => win.addEventListener(e, unlock, true));
  return remove;
}

/**
 * Whether the browser will let the page play sound; sets `audioGate.locked` when it will not. Before
 * the page's first click or key press, where the browser can say so, sound is locked; where it cannot,
 * the first beep it refuses says so.
 */
export function probeAlarmAudio(win: Window = window): boolean {
  const locked = hadGesture(win) === false;
  setLocked(locked);
  return !locked;
}

/** Asks the browser for sound from a click (the header's 开启告警声音) and plays the beep. */
export function enableAlarmAudio(win: Window = window): Promise<boolean> {
  return play(win);
}

/**
 * Plays the alarm beep; false when it is skipped because the browser keeps sound locked (before the
 * page's first click or key press). A refusal the browser only tells on playing sets `audioGate.locked`.
 */
export function playAlarmBeep(win: Window = window): boolean {
  if (audioGate.locked && hadGesture(win) !== true) return false;
  void play(win);
  return true;
}

/** Forgets the audio element and the lock (tests). */
export function resetAlarmAudio(): void {
  element = undefined;
  setLocked(false);
}
