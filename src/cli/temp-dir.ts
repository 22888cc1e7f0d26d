import { accessSync, constants } from "node:fs";
import { tmpdir } from "node:os";

/** A one-line problem when the temp dir (where the executable unpacks libSQL's addon, and uploads spool) is not writable. */
export function ensureTempDirWritable(): string | undefined {
  const dir = tmpdir();
  try {
    accessSync(dir, constants.W_OK);
    return undefined;
  } catch {
    return `Invalid configuration: TMPDIR (${dir}) is not a writable directory; casefile unpacks its database engine there. Set TMPDIR to a writable directory.`;
  }
}
