/**
 * Baseline for bench/upload.ts: a bare Bun.serve that streams request.body into a file and nothing else
 * (no parsing, no hashing). Usage: PORT=… SINK_DIR=… SINK_MODE=filesink|node|bunwrite bun bench/lib/raw-sink.ts
 * Several ways of writing are offered so the bench can take the fastest as its baseline; `filesink-sha256` also
 * hashes (a reference for what casefile's required SHA-256 alone costs, never the baseline).
 */
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

const dir = process.env.SINK_DIR!;
const mode = process.env.SINK_MODE ?? "filesink";

async function write(body: ReadableStream<Uint8Array>, target: string, request: Request): Promise<void> {
  if (mode === "bunwrite") {
    await Bun.write(target, request);
  } else if (mode === "node") {
    await pipeline(Readable.fromWeb(body as any), createWriteStream(target));
  } else {
    const hasher = mode === "filesink-sha256" ? new Bun.CryptoHasher("sha256") : undefined;
    const sink = Bun.file(target).writer({ highWaterMark: 1024 * 1024 });
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      hasher?.update(value);
      const pending = sink.write(value);
      if (pending instanceof Promise) await pending;
    }
    await sink.end();
  }
}

const server = Bun.serve({
  port: Number(process.env.PORT),
  hostname: "127.0.0.1",
  maxRequestBodySize: 4 * 1024 * 1024 * 1024,
  idleTimeout: 120,
  async fetch(request) {
    if (request.method !== "POST" || !request.body) return new Response("ok");
    const target = path.join(dir, `${crypto.randomUUID()}.raw`);
    try {
      await write(request.body, target, request);
      return Response.json({ bytes: Bun.file(target).size, mode }, { status: 201 });
    } finally {
      await rm(target, { force: true });
    }
  },
});
process.on("SIGTERM", () => {
  server.stop(true);
  process.exit(0);
});
