/**
 * STAND-IN until helper G's recipe is merged (issue-46g owns this file): whole-item regions of a photo or video,
 * blurred or boxed, and whole-range sound effects. Replaced by G's version at merge.
 */
import type { RedactionPlan } from "./redaction-plan";

export type RecipeInput = {
  kind: "image" | "video" | "audio";
  source: string;
  target: string;
  width: number;
  height: number;
  durationMs: number | null;
  hasAudio: boolean;
  plan: RedactionPlan;
};

export function redactionArgs(input: RecipeInput): { args: string[]; mime: string; extension: string } {
  const px = (f: number, side: number) => Math.max(2, Math.round(f * side));
  const chain: string[] = [];
  let last = "0:v";
  input.plan.regions.forEach((r, i) => {
    const [x, y, w, h] = [px(r.x, input.width), px(r.y, input.height), px(r.width, input.width), px(r.height, input.height)];
    if (r.effect === "box") chain.push(`[${last}]drawbox=x=${x}:y=${y}:w=${w}:h=${h}:color=black:t=fill[v${i}]`);
    else chain.push(`[${last}]split[b${i}][c${i}];[c${i}]crop=${w}:${h}:${x}:${y},boxblur=${Math.max(2, Math.floor(Math.min(w, h) / 4))}:4[k${i}];[b${i}][k${i}]overlay=${x}:${y}[v${i}]`);
    last = `v${i}`;
  });
  const base = ["-nostdin", "-hide_banner", "-v", "error", "-y", "-threads", "1", "-i", input.source, "-map_metadata", "-1", "-map_chapters", "-1"];
  const video = chain.length ? ["-filter_complex", chain.join(";"), "-map", `[${last}]`] : ["-map", "0:v"];
  if (input.kind === "image") return { args: [...base, ...video, "-frames:v", "1", "-f", "mjpeg", input.target], mime: "image/jpeg", extension: "jpg" };
  const audioFilter = input.plan.audio.map((a) => (a.effect === "silence" ? "volume=0" : "asetrate=44100*1.25,aresample=44100"));
  const audio = input.hasAudio ? ["-map", "0:a", ...(audioFilter.length ? ["-af", audioFilter.join(",")] : []), "-c:a", "aac"] : [];
  if (input.kind === "audio") return { args: [...base, ...audio, "-vn", "-f", "mp4", input.target], mime: "audio/mp4", extension: "m4a" };
  return { args: [...base, ...video, ...audio, "-c:v", "libx264", "-threads", "1", "-movflags", "+faststart", "-f", "mp4", input.target], mime: "video/mp4", extension: "mp4" };
}
