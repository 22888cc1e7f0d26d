// The media thread's program (started by media-thread.ts).
import { answerMediaTask, type MediaRequest } from "./media-thread-tasks";

declare const self: Worker;

self.onmessage = async ({ data }: MessageEvent<MediaRequest>) => self.postMessage(await answerMediaTask(data));
