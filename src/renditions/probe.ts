import { readOptions } from "./recipes";
import { runTool, type RunLimits, type Tools } from "./tools";

/** What ffprobe says of a video or audio file: its container, length and first video and audio streams. */
export type Probe = {
  formats: string[];
  seconds: number | undefined;
  video?: { codec: string; width: number; height: number };
  audio?: { codec: string };
};

type FfprobeJson = {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; disposition?: { attached_pic?: number } }[];
};

export async function probe(tools: Tools, file: string, demuxer: string | undefined, limits: RunLimits): Promise<Probe> {
  const out = await runTool(tools, [tools.ffprobe!, "-v", "error", "-print_format", "json", "-show_format", "-show_streams", ...readOptions(demuxer), file], {
    ...limits,
    maxStdoutBytes: 256 * 1024,
  });
  const json = JSON.parse(new TextDecoder().decode(out)) as FfprobeJson;
  const streams = json.streams ?? [];
  // A cover picture in an audio file is a "video" stream of one frame: not a video.
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === "audio");
  const seconds = Number(json.format?.duration);
  return {
    formats: (json.format?.format_name ?? "").split(","),
    seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
    ...(video ? { video: { codec: video.codec_name ?? "", width: video.width ?? 0, height: video.height ?? 0 } } : {}),
    ...(audio ? { audio: { codec: audio.codec_name ?? "" } } : {}),
  };
}
