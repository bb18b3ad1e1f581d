import { keep, recall } from './device-memory.ts';

/**
 * A short two-note chime made with the Web Audio API (no sound file to fetch). The context is created
 * on the first call, which a click on the sound toggle makes, as browsers allow audio only after a
 * gesture.
 */
let context: AudioContext | undefined;

export function prepareChime(): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  void context.resume();
}

export function playChime(): void {
  if (!context) return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.type = 'sine';
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + offset);
    volume.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.16);
    tone.connect(volume).connect(context.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.18);
  }
}

/** Where the board keeps whether staff left the sound on (the browser's, per device). */
const SOUND_KEY = 'pizzon:kitchen-sound';

export const soundLeftOn = (): boolean => recall(SOUND_KEY) === 'on';

export const keepSound = (on: boolean): void => keep(SOUND_KEY, on ? 'on' : 'off');
