/**
 * MEDIA_STORE=s3: one large upload through the API into a real S3-protocol server (s3rver on loopback), with the
 * server's peak RSS and throughput (compare bench/upload.ts, which measures the local store against budgets).
 *
 *   node_modules/.bin/bun bench/s3-upload.ts        env: S3_BENCH_MIB (1024)
 *
 * The server runs from source (`bun src/main.ts`) in a temp dir; the file is clip.mp4 padded with a `free` box, sent
 * by curl as multipart; RSS of the server is sampled every 50 ms from /proc. s3rver's own time to assemble the parts
 * is part of the request, as it would be with any store that completes a multipart upload synchronously.
 */
import path from "node:path";
import { newParticipant } from "../tests/support/client";
import { FROM_SOURCE, startProgram } from "../tests/ship/support/program";
import { startS3rver } from "../tests/ship/support/s3rver";
import { fmt, ROOT, rssKiB, sampleRss, tempDir } from "./lib/proc";

const MIB = 1024 * 1024;
const FILE_BYTES = Number(process.env.S3_BENCH_MIB ?? 1024) * MIB;

/** clip.mp4 followed by one top-level `free` box up to FILE_BYTES: still sniffed as video. */
async function writePaddedVideo(file: string) {
  const clip = new Uint8Array(await Bun.file(path.join(ROOT, "tests/fixtures/clip.mp4")).arrayBuffer());
  const freeSize = FILE_BYTES - clip.length;
  const header = new Uint8Array(8);
  new DataView(header.buffer).setUint32(0, freeSize);
  header.set(new TextEncoder().encode("free"), 4);
  const writer = Bun.file(file).writer();
  writer.write(clip);
  writer.write(header);
  const zeros = new Uint8Array(MIB);
  for (let left = freeSize - 8; left > 0; left -= MIB) writer.write(zeros.subarray(0, Math.min(MIB, left)));
  await writer.end();
}

const work = await tempDir("s3-upload");
const s3 = await startS3rver();
const program = await startProgram(FROM_SOURCE, work.dir, { ...s3.env, PATH: process.env.PATH ?? "" });
try {
  const { actor } = await newParticipant(program.url);
  const file = path.join(work.dir, "big.mp4");
  await writePaddedVideo(file);
  await Bun.sleep(1000); // let the server settle after login (argon2id)
  const settled = (await rssKiB(program.child.pid))! / 1024;
  const sampler = sampleRss(program.child.pid, 50);
  const started = performance.now();
  const curl = Bun.spawn(
    ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-b", actor.cookie, "-F", "title=bench", "-F", `file=@${file}`, `${program.url}/api/evidence`],
    { stdout: "pipe" },
  );
  const status = (await new Response(curl.stdout).text()).trim();
  const seconds = (performance.now() - started) / 1000;
  const rss = await sampler.stop();
  if (status !== "201") throw new Error(`upload answered ${status}`);
  const stored = (await s3.keys()).filter((key) => key.startsWith("evidence/")).length;
  if (stored !== 1) throw new Error(`expected one evidence object in the bucket, found ${stored}`);
  console.log("| what | measured |");
  console.log("|---|---|");
  console.log(`| ${FILE_BYTES / MIB} MiB upload to s3rver: server peak RSS (settled before: ${fmt(settled)} MiB) | ${fmt(rss.peakMiB)} MiB |`);
  console.log(`| ${FILE_BYTES / MIB} MiB upload to s3rver: throughput, request start to 201 | ${fmt(FILE_BYTES / 1e6 / seconds)} MB/s |`);
} finally {
  await program.stop();
  await s3.stop();
  await work.remove();
}
