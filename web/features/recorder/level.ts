/** Quieter than this reads as silence on the meter; 0 dBFS (full scale) fills it. */
const FLOOR_DB = -60;

/**
 * How loud a slice of microphone samples is, 0–100: the RMS in decibels, from the floor to full scale. Decibels,
 * not the raw amplitude, so a voice across a room still moves the meter.
 */
export function levelPercent(samples: Float32Array) {
  if (!samples.length) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / samples.length);
  if (rms === 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.round(Math.min(100, Math.max(0, ((db - FLOOR_DB) / -FLOOR_DB) * 100)));
}
