import { planMatroska } from "./matroska";
import { planMp4 } from "./mp4";
import { planMpegAudio } from "./mpeg-audio";
import { planOgg } from "./ogg";
import { checkedPatches, type Patch } from "./patch";
import { planWav } from "./wav";
import { ByteSource, Unparseable } from "./source";

/**
 * The public copy of a video or audio recording: which bytes to change so that no place, device or recording time
 * remains. Reads headers only; the copy itself is written by writePatchedCopy (patch.ts).
 */

const PLANNERS: Record<string, (source: ByteSource) => Promise<Patch[]>> = {
  "video/mp4": planMp4,
  "video/quicktime": planMp4,
  "audio/mp4": planMp4,
  "video/webm": planMatroska,
  "audio/webm": planMatroska,
  "audio/mpeg": planMpegAudio,
  "audio/aac": planMpegAudio,
  "audio/wav": planWav,
  "audio/ogg": planOgg,
};

/**
 * Sorted, non-overlapping patches inside the file, or undefined when the file cannot be fully accounted for (it
 * then gets no public copy: fail closed). Other errors (reading the file, LargeRead past largestRead) are thrown.
 */
export async function planAvStrip(file: Blob, mime: string, largestRead = Infinity): Promise<Patch[] | undefined> {
  const plan = PLANNERS[mime];
  if (!plan) return undefined;
  try {
    return checkedPatches(await plan(new ByteSource(file, largestRead)), file.size);
  } catch (error) {
    if (error instanceof Unparseable) return undefined;
    throw error;
  }
}
