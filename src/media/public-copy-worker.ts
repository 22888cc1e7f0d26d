// The media thread's program (started by public-copy-thread.ts).
import { answerCopy, type CopyRequest } from "./public-copy";

declare const self: Worker;

self.onmessage = async ({ data }: MessageEvent<CopyRequest>) => self.postMessage(await answerCopy(data));
