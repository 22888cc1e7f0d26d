// A media thread's program with faults on demand (src/media/public-copy-thread.test.ts): a job whose mime is
// "test/hang" never ends, "test/crash" throws out of the handler; any other gets the real program's answer.
import { answerCopy, type CopyRequest } from "../../src/media/public-copy";

declare const self: Worker;

self.onmessage = async ({ data }: MessageEvent<CopyRequest>) => {
  if (data.job.mime === "test/hang") for (;;);
  if (data.job.mime === "test/crash") throw new Error("the walker crashed");
  self.postMessage(await answerCopy(data));
};
