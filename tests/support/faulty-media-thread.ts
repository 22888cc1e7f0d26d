// A media thread's program with faults on demand (src/media/media-thread.test.ts): a copy whose mime is "test/hang",
// a digest of a path or a patched copy or an extraction into a target ending in ".hang", never ends; "test/crash" or ".crash" throws out of the handler; any other
// task gets the real program's answer.
import { answerMediaTask, type MediaRequest } from "../../src/media/media-thread-tasks";

declare const self: Worker;

self.onmessage = async ({ data }: MessageEvent<MediaRequest>) => {
  const { task } = data;
  const marker =
    "copy" in task ? task.copy.mime
    : "digest" in task ? task.digest.path
    : "patchedCopy" in task ? task.patchedCopy.target
    : "start" in task.extract ? (task.extract.start?.target ?? "")
    : "";
  if (marker === "test/hang" || marker.endsWith(".hang")) for (;;);
  if (marker === "test/crash" || marker.endsWith(".crash")) throw new Error("the walker crashed");
  self.postMessage(await answerMediaTask(data));
};
