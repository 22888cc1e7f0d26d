import { waveformPeaks } from "./waveformPeaks";

/** Beyond this a phone would hold too much decoded sound in memory: such recordings get the plain player. */
const MAX_BYTES = 24 * 1024 * 1024;
/** Decoding resamples to the context's rate: 8 kHz is plenty for a picture and keeps the memory small. */
const SAMPLE_RATE = 8000;

/** Fetches a public recording and decodes it in the browser (Web Audio) into `bars` peaks and its true length. */
export async function decodeWaveform(url: string, bars: number, signal: AbortSignal): Promise<{ peaks: number[]; seconds: number }> {
  const response = await fetch(url, { signal, credentials: "same-origin" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  if (Number(response.headers.get("Content-Length") ?? 0) > MAX_BYTES) throw new Error("recording too long to draw");
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength > MAX_BYTES) throw new Error("recording too long to draw");
  const context = new OfflineAudioContext(1, 1, SAMPLE_RATE);
  const audio = await context.decodeAudioData(bytes);
  const channels = Array.from({ length: audio.numberOfChannels }, (_, channel) => audio.getChannelData(channel));
  return { peaks: waveformPeaks(channels, bars), seconds: audio.duration };
}
