/**
 * A recording's waveform, drawn by the archive: for each of BARS equal slices, the loudest sample, scaled so that the
 * loudest slice is 1 (as web/features/archive/waveformPeaks.ts does when a browser decodes the file itself). Fed
 * ffmpeg's mono 16-bit output as it comes, keeping one maximum per 10 ms: an hour's recording holds 360,000 numbers,
 * never its samples. Past MAX_BLOCKS (a day of sound, or a hostile file that claims more) neighbouring blocks are
 * merged and the blocks made twice as long, so memory stays bounded however long the sound.
 */
export const BARS = 120;
const MAX_BLOCKS = 1 << 23;

export type Peaks = { seconds: number; peaks: number[] };

export function peakCounter(sampleRate: number, maxBlocks = MAX_BLOCKS) {
  let blockSamples = Math.max(1, Math.round(sampleRate / 100));
  let blocks: number[] = [];
  let blockPeak = 0;
  let inBlock = 0;
  let samples = 0;
  let carry: number | undefined; // the first byte of a sample split between chunks

  const take = (sample: number) => {
    const level = Math.abs(sample) / 32768;
    if (level > blockPeak) blockPeak = level;
    samples++;
    if (++inBlock === blockSamples) {
      blocks.push(blockPeak);
      blockPeak = 0;
      inBlock = 0;
      if (blocks.length >= maxBlocks) {
        blocks = Array.from({ length: blocks.length >> 1 }, (_, i) => Math.max(blocks[2 * i]!, blocks[2 * i + 1]!));
        blockSamples *= 2;
      }
    }
  };

  return {
    feed(chunk: Uint8Array) {
      let at = 0;
      if (carry !== undefined && chunk.length > 0) {
        take(((chunk[0]! << 8) | carry) << 16 >> 16);
        carry = undefined;
        at = 1;
      }
      const whole = (chunk.length - at) >> 1;
      const view = new DataView(chunk.buffer, chunk.byteOffset + at, whole * 2);
      for (let i = 0; i < whole; i++) take(view.getInt16(i * 2, true));
      if ((chunk.length - at) % 2 === 1) carry = chunk[chunk.length - 1];
    },
    finish(): Peaks {
      if (inBlock > 0) blocks.push(blockPeak);
      const peaks = new Array<number>(BARS).fill(0);
      if (blocks.length > 0) {
        for (let bar = 0; bar < BARS; bar++) {
          const start = Math.floor((bar * blocks.length) / BARS);
          const end = Math.max(start + 1, Math.floor(((bar + 1) * blocks.length) / BARS));
          for (let i = start; i < end && i < blocks.length; i++) if (blocks[i]! > peaks[bar]!) peaks[bar] = blocks[i]!;
        }
      }
      const loudest = Math.max(...peaks);
      return {
        seconds: samples / sampleRate,
        peaks: peaks.map((peak) => (loudest > 0 ? Math.round((peak / loudest) * 1000) / 1000 : 0)),
      };
    },
  };
}
