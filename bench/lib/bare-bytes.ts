/**
 * Baseline for bench/public-list.ts: a bare Bun.serve answering every request with the same bytes and headers the
 * real server gave for the measured URL. Usage: PORT=… BYTES_FILE=… HEADERS_JSON=… bun bench/lib/bare-bytes.ts
 */
export {};

const bytes = new Uint8Array(await Bun.file(process.env.BYTES_FILE!).arrayBuffer());
const headers = JSON.parse(process.env.HEADERS_JSON ?? "{}") as Record<string, string>;
const server = Bun.serve({
  port: Number(process.env.PORT),
  hostname: "127.0.0.1",
  fetch: () => new Response(bytes, { headers }),
});
process.on("SIGTERM", () => {
  server.stop(true);
  process.exit(0);
});
