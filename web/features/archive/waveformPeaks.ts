/**
 * The waveform's bars: for each of `bars` equal slices of the recording, the loudest sample over all channels,
 * scaled so that the loudest slice is 1 (a quiet phone recording still draws a readable shape).
 */
export function waveformPeaks(channels: Float32Array[], bars: number): number[] {
  const length = channels[0]?.length ?? 0;
  const peaks = new Array<number>(bars).fill(0);
  if (length === 0 || bars <= 0) return peaks;
  for (let bar = 0; bar < bars; bar++) {
    const start = Math.floor((bar * length) / bars);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * length) / bars));
    let peak = 0;
    for (const samples of channels) {
      for (let i = start; i < end && i < length; i++) {
        const value = Math.abs(samples[i]!);
        if (value > peak) peak = value;
      }
    }
    peaks[bar] = peak;
  }
  const loudest = Math.max(...peaks);
  return loudest > 0 ? peaks.map((peak) => peak / loudest) : peaks;
}
