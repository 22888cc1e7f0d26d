/**
 * The fault proxy against a plain TCP server that counts and hashes what it receives and can send a payload back:
 * throttling limits the bytes that pass in a measured time, a freeze holds every byte without closing, a reset cuts
 * open connections, and what passes arrives unchanged.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import net from "node:net";
import { startFaultProxy, type FaultProxy } from "./fault-proxy";

type Received = { bytes: number; hash: ReturnType<typeof createHash>; closed: Promise<void> };

/** Each connection's received bytes and hash; a connection whose first byte is "D" is sent `download` back. */
const received: Received[] = [];
const download = randomBytes(1024 * 1024);
let sink: net.Server;
let sinkUrl: string;
let proxy: FaultProxy | undefined;

beforeAll(async () => {
  sink = net.createServer({ allowHalfOpen: true }, (socket) => {
    let closed = () => {};
    const entry: Received = { bytes: 0, hash: createHash("sha256"), closed: new Promise((resolve) => (closed = resolve)) };
    received.push(entry);
    socket.on("error", () => {});
    socket.on("close", closed);
    socket.on("data", (chunk: Buffer) => {
      if (entry.bytes === 0 && chunk[0] === 0x44) socket.end(download);
      entry.bytes += chunk.length;
      entry.hash.update(chunk);
    });
    socket.on("end", () => socket.end());
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  sinkUrl = `http://127.0.0.1:${(sink.address() as net.AddressInfo).port}`;
});

afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  received.length = 0;
});

afterAll(() => sink.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function connect(port: number): Promise<net.Socket> {
  const socket = net.connect({ host: "127.0.0.1", port, allowHalfOpen: true });
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  return socket;
}

/** Sends `bytes` and ends; resolves when the sink saw the connection close. */
async function upload(port: number, bytes: Uint8Array): Promise<{ socket: net.Socket; done: Promise<void> }> {
  const before = received.length;
  const socket = await connect(port);
  socket.on("error", () => {});
  socket.end(bytes);
  while (received.length === before) await sleep(5);
  return { socket, done: received.at(-1)!.closed };
}

async function until(check: () => boolean) {
  while (!check()) await sleep(20);
}

describe("fault proxy", () => {
  test("an unthrottled proxy passes bytes both ways unchanged", async () => {
    proxy = await startFaultProxy(sinkUrl, { up: null, down: null });
    const socket = await connect(proxy.port);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => socket.on("end", resolve));
    const sent = Buffer.concat([Buffer.from("D"), randomBytes(300_000)]);
    socket.end(sent);
    await ended;
    await received[0]!.closed;
    expect(received[0]!.bytes).toBe(sent.length);
    expect(received[0]!.hash.digest("hex")).toBe(sha256(sent));
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(download));
    expect(proxy.stats()).toMatchObject({ up: sent.length, down: download.length, connections: 1 });
  });

  test("a throttled upload passes no more bytes than the rate allows, and all of them in the end", async () => {
    const bitsPerSecond = 400_000;
    proxy = await startFaultProxy(sinkUrl, { up: bitsPerSecond });
    const payload = randomBytes(150_000);
    const started = performance.now();
    const { done } = await upload(proxy.port, payload);
    await sleep(1000);
    const elapsed = (performance.now() - started) / 1000;
    const passed = received[0]!.bytes;
    // 50 kB/s: after a second about 50 kB have passed; the bound leaves room for one burst and a slow timer.
    expect(passed).toBeGreaterThan(0);
    expect(passed).toBeLessThanOrEqual((bitsPerSecond / 8) * elapsed + 8192);
    expect(passed).toBeLessThan(payload.length);
    await done;
    expect(received[0]!.hash.digest("hex")).toBe(sha256(payload));
  });

  test("a throttled upload is held back at the sender: the proxy keeps at most a chunk per connection", async () => {
    proxy = await startFaultProxy(sinkUrl, { up: 80_000 });
    const socket = await connect(proxy.port);
    socket.on("error", () => {});
    socket.write(Buffer.alloc(32 * 1024 * 1024));
    let heldMost = 0;
    for (let i = 0; i < 50; i += 1) {
      heldMost = Math.max(heldMost, proxy.stats().held);
      await sleep(20);
    }
    expect(heldMost).toBeGreaterThan(0);
    expect(heldMost).toBeLessThanOrEqual(256 * 1024);
    // Most of the 32 MiB is still waiting in the sender: the proxy did not read it all in.
    expect(socket.writableLength).toBeGreaterThan(16 * 1024 * 1024);
    socket.destroy();
  });

  test("throttling one direction leaves the other at full speed, and lifting it speeds the upload up", async () => {
    proxy = await startFaultProxy(sinkUrl, { up: 80_000 });
    const socket = await connect(proxy.port);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.write("D");
    // 1 MiB down through a 10 kB/s uplink: the download is not held by the upload's limit.
    await until(() => Buffer.concat(chunks).length === download.length);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(download));

    socket.end(randomBytes(400_000));
    await sleep(300);
    expect(received[0]!.bytes).toBeLessThan(100_000);
    proxy.throttle({ up: null });
    await received[0]!.closed;
    expect(received[0]!.bytes).toBe(1 + 400_000);
  });

  test("a freeze holds every byte without closing the connection, and a thaw lets the rest through intact", async () => {
    proxy = await startFaultProxy(sinkUrl, { up: 400_000 });
    const payload = randomBytes(100_000);
    let clientClosed = false;
    const { socket, done } = await upload(proxy.port, payload);
    socket.on("close", () => (clientClosed = true));
    await until(() => received[0]!.bytes > 10_000);

    proxy.freeze();
    await sleep(100); // a slice already handed to the socket may still land
    const atFreeze = { sink: received[0]!.bytes, stats: proxy.stats().up };
    await sleep(1500);
    expect(received[0]!.bytes).toBe(atFreeze.sink);
    expect(proxy.stats().up).toBe(atFreeze.stats);
    expect(proxy.frozen).toBe(true);
    expect(clientClosed).toBe(false);
    expect(proxy.stats().open).toBe(1);

    proxy.thaw();
    await done;
    expect(received[0]!.bytes).toBe(payload.length);
    expect(received[0]!.hash.digest("hex")).toBe(sha256(payload));
  });

  test("a timed freeze thaws by itself, and holds the download direction too", async () => {
    proxy = await startFaultProxy(sinkUrl, { up: null, down: null });
    const socket = await connect(proxy.port);
    let got = 0;
    socket.on("data", (chunk: Buffer) => (got += chunk.length));
    proxy.freeze(1200);
    socket.write("D");
    await sleep(800);
    expect(got).toBe(0);
    expect(received.length === 0 || received[0]!.bytes === 0).toBe(true);
    await until(() => got === download.length);
    expect(proxy.frozen).toBe(false);
    socket.destroy();
  });

  test("a reset destroys every open connection abruptly, and new connections work afterwards", async () => {
    proxy = await startFaultProxy(sinkUrl, { up: 400_000 });
    const errors: string[] = [];
    const first = await upload(proxy.port, randomBytes(200_000));
    const second = await connect(proxy.port);
    for (const socket of [first.socket, second]) socket.on("error", (error: NodeJS.ErrnoException) => errors.push(error.code ?? ""));
    const closed = Promise.all([first.socket, second].map((socket) => new Promise((resolve) => socket.once("close", resolve))));
    await until(() => received[0]!.bytes > 10_000);

    proxy.reset();
    await closed;
    await first.done;
    expect(errors).toContain("ECONNRESET");
    expect(received[0]!.bytes).toBeLessThan(200_000);
    await until(() => proxy!.stats().open === 0);
    expect(proxy.stats()).toMatchObject({ connections: 2, open: 0, resets: 1 });

    proxy.throttle({ up: null });
    const again = randomBytes(50_000);
    const third = await upload(proxy.port, again);
    await third.done;
    expect(received.at(-1)!.hash.digest("hex")).toBe(sha256(again));
  });
});
