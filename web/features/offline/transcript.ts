/**
 * The spoken text of a WebVTT file, cue by cue, for reading instead of watching: the header, NOTE/STYLE/REGION
 * blocks, cue identifiers, timings and settings, and tags (<v Name>, <i>, timestamps) are dropped; entities decoded.
 */
export function transcriptOf(vtt: string): string[] {
  const blocks = vtt.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split(/\n{2,}/);
  const cues: string[] = [];
  for (const block of blocks) {
    const lines = block.split("\n").filter((line) => line.trim() !== "");
    const timing = lines.findIndex((line) => line.includes("-->"));
    if (timing === -1) continue; // WEBVTT header, NOTE, STYLE, REGION
    const text = lines
      .slice(timing + 1)
      .map((line) => decodeEntities(line.replace(/<[^>]*>/g, "")).trim())
      .filter(Boolean)
      .join(" ");
    if (text) cues.push(text);
  }
  return cues;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", nbsp: "\u00a0", lrm: "\u200e", rlm: "\u200f" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name]!);
}
