import { NOTIFICATION_SOUND } from '../../../contracts/limits';

let context: AudioContext | undefined;

/**
 * spec §9: a two-tone chime, 800 Hz then 600 Hz, volume 0.6, 0.3 s in all. Browsers may refuse
 * audio before the visitor has interacted with the page; then it stays silent, which is fine.
 */
export function playNotificationSound(): void {
  try {
    const AudioContextClass =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    context ??= new AudioContextClass();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const { firstHz, secondHz, volume, seconds } = NOTIFICATION_SOUND;
    const start = context.currentTime;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(firstHz, start);
    oscillator.frequency.setValueAtTime(secondHz, start + seconds / 2);
    gain.gain.setValueAtTime(volume, start);
    // Fade out rather than cut, which would click.
    gain.gain.exponentialRampToValueAtTime(0.01, start + seconds);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + seconds);
  } catch {
    // No audio on this device.
  }
}
