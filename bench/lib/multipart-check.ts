/**
 * Behaviour checks for src/media/multipart.ts (run after changing it for speed; not a timed test):
 *   node_modules/.bin/bun bench/lib/multipart-check.ts [path/to/multipart.ts]
 * Drives readMultipart with hand-made bodies and prints one line per case; exits 1 on any mismatch.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const modulePath = path.resolve(process.argv[2] ?? path.join(import.meta.dir, "../../src/media/multipart.ts"));
const { readMultipart } = (await import(modulePath)) as typeof import("../../src/media/multipart");

const KIB = 1024;
const MIB = 1024 * KIB;
const limits = {
  files: {
    file: { maxBytes: 1 * MIB, tooLargeMessage: "Files can be at most 1 MB." },
    thumbnail: { maxBytes: 64 * KIB, tooLargeMessage: "Thumbnails can be at most 64 KB." },
  },
  maxFieldBytes: 64 * KIB,
  stallMs: 60_000,
  minBytesPerWindow: 16 * 1024,
};
const enc = new TextEncoder();
const B = "----check0123456789";
const field = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, filename = "a.bin") =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const END = `--${B}--\r\n`;

/** A body made of parts; `bytes` parts are generated lazily in 64 KiB chunks. `pulled` counts bytes handed out. */
function streamOf(parts: (string | { bytes: number; fill?: number } | { error: true })[], chunk = 64 * KIB) {
  let pulled = 0;
  let i = 0;
  let left = -1;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      for (let guard = 0; guard < 4; guard++) {
        const part = parts[i];
        if (part === undefined) return controller.close();
        if (typeof part === "string") {
          i++;
          const b = enc.encode(part);
          pulled += b.length;
          return controller.enqueue(b);
        }
        if ("error" in part) return controller.error(new Error("client went away"));
        if (left < 0) left = part.bytes;
        if (left === 0) {
          i++;
          left = -1;
          continue;
        }
        const n = Math.min(chunk, left);
        left -= n;
        pulled += n;
        return controller.enqueue(new Uint8Array(n).fill(part.fill ?? 0x61));
      }
    },
  });
  return { stream, pulled: () => pulled };
}

const dir = await mkdtemp(path.join(tmpdir(), "casefile-mpcheck-"));
let failures = 0;
async function check(name: string, parts: Parameters<typeof streamOf>[0], expect: (r: any, e: any, pulled: number) => string | undefined, headers: Record<string, string> = {}) {
  const { stream, pulled } = streamOf(parts);
  const request = new Request("http://127.0.0.1/", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${B}`, ...headers },
    body: stream,
  });
  let result: any;
  let error: any;
  try {
    result = await Promise.race([
      readMultipart(request, dir, limits),
      Bun.sleep(10_000).then(() => {
        throw new Error("timed out");
      }),
    ]);
  } catch (e) {
    error = e;
  }
  const problem = expect(result, error, pulled());
  const left = await readdir(dir);
  if (result) await result.cleanup();
  const after = await readdir(dir);
  const orphan = error && left.length ? `temp files left after failure: ${left.length}` : after.length ? `temp files left after cleanup: ${after.length}` : undefined;
  const bad = problem ?? orphan;
  if (bad) failures++;
  console.log(`${bad ? "FAIL" : "ok  "} ${name}${bad ? ` — ${bad}` : ""}${error ? ` [${error.status ?? "?"} ${error.message}]` : ""}`);
  for (const f of after) await rm(path.join(dir, f), { force: true });
}
const status = (e: any, s: number) => (e?.status === s ? undefined : `expected ${s}, got ${e ? `${e.status} ${e.message}` : "success"}`);
const sha = (n: number, fill = 0x61) => new Bun.CryptoHasher("sha256").update(new Uint8Array(n).fill(fill)).digest("hex");

await check("fields, file and thumbnail", [field("title", "Héllo ✓"), field("notes", "a\r\nb"), fileHead("file", "clip.mp4"), { bytes: 300 * KIB + 7 }, "\r\n", fileHead("thumbnail", "t.jpg"), { bytes: 1000, fill: 0x62 }, "\r\n", END], (r, e) => {
  if (e) return `threw ${e.message}`;
  if (r.fields.title !== "Héllo ✓" || r.fields.notes !== "a\r\nb") return `fields ${JSON.stringify(r.fields)}`;
  if (r.files.file?.size !== 300 * KIB + 7 || r.files.file.sha256 !== sha(300 * KIB + 7)) return "file size/hash";
  if (Bun.file(r.files.file.path).size !== 300 * KIB + 7) return "file on disk has the wrong size";
  if (r.files.thumbnail?.sha256 !== sha(1000, 0x62) || r.files.file.filename !== "clip.mp4") return "thumbnail/filename";
});
await check("file exactly at the limit", [fileHead("file"), { bytes: MIB }, "\r\n", END], (r, e) => (e ? `threw ${e.message}` : r.files.file.size === MIB ? undefined : "size"));
await check("file over the limit → 413 without reading the rest", [fileHead("file"), { bytes: 200 * MIB }, "\r\n", END], (_r, e, pulled) =>
  status(e, 413) ?? (pulled > 8 * MIB ? `read ${Math.round(pulled / MIB)} MiB of the body` : undefined),
);
await check("thumbnail over its limit → 413", [fileHead("file"), { bytes: 10 }, "\r\n", fileHead("thumbnail"), { bytes: 65 * KIB }, "\r\n", END], (_r, e) => status(e, 413));
await check("declared length over the limit → 413", [END], (_r, e) => status(e, 413), { "content-length": String(3 * MIB) });
await check("body cut off inside the file → 400", [field("title", "x"), fileHead("file"), { bytes: 500 * KIB }], (_r, e) => status(e, 400));
await check("body cut off before the final boundary → 400", [field("title", "x"), fileHead("file"), { bytes: 10 * KIB }, "\r\n"], (_r, e) => status(e, 400));
await check("client aborts mid-file → 400", [fileHead("file"), { bytes: 256 * KIB }, { error: true }], (_r, e) => status(e, 400));
await check("unexpected file field → 400", [fileHead("avatar"), { bytes: 10 }, "\r\n", END], (_r, e) => status(e, 400));
await check("file part without a filename → 400", [`--${B}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: application/octet-stream\r\n\r\n`, { bytes: 10 }, "\r\n", END], (_r, e) => status(e, 400));
await check("field too long → 400", [field("notes", "n".repeat(64 * KIB + 1)), END], (_r, e) => status(e, 400));
await check("two files in `file` → the first is used", [fileHead("file", "one"), { bytes: 100, fill: 0x31 }, "\r\n", fileHead("file", "two"), { bytes: 200, fill: 0x32 }, "\r\n", END], (r, e) =>
  e ? `threw ${e.message}` : r.files.file.filename === "one" && r.files.file.sha256 === sha(100, 0x31) ? undefined : "wrong file kept",
);
await check("three file parts → 400 too many files", [fileHead("file"), { bytes: 10 }, "\r\n", fileHead("thumbnail"), { bytes: 10 }, "\r\n", fileHead("file"), { bytes: 10 }, "\r\n", END], (_r, e) => status(e, 400));
await check("31 fields → 400 too many fields", [...Array.from({ length: 31 }, (_, i) => field(`f${i}`, "v")), END], (_r, e) => status(e, 400));
await check("not multipart → 400", [END], (_r, e) => status(e, 400), { "content-type": "application/json" });
await check("garbage body → 400", ["this is not multipart at all"], (_r, e) => status(e, 400));
await check("boundary-like bytes inside the file are data", [fileHead("file"), `\r\n--${B.slice(0, -1)}X\r\n--${B}`.slice(0, 20), { bytes: 10 }, "\r\n", END], (r, e) => (e ? `threw ${e.message}` : r.files.file.size === 30 ? undefined : `size ${r.files.file.size}`));

await rm(dir, { recursive: true, force: true });
console.log(failures ? `${failures} case(s) failed` : "all cases passed");
process.exit(failures ? 1 : 0);
