/**
 * A loopback TCP proxy that plays the venue's Wi-Fi in front of a test server: it throttles each direction to a
 * bit rate shared by all connections (one radio link), freezes (holds every byte in both directions without closing
 * anything, as a link that drops for a while), resets (destroys every open connection abruptly) and counts the bytes
 * it forwarded. Memory stays bounded: a connection's reading pauses while its chunk is being paced out, so a whole
 * upload is never buffered here.
 */
import net from "node:net";

export type Direction = "up" | "down";

/**
 * Bytes forwarded so far (`up` client → server, `down` server → client), connections accepted and still open, resets,
 * and `held`: bytes read from one side and not yet passed on (what back-pressure keeps small).
 */
export type ProxyStats = { up: number; down: number; held: number; connections: number; open: number; resets: number };

export type FaultProxy = {
  /** `http://127.0.0.1:<port>`: point the browser or the client here instead of at the server. */
  url: string;
  port: number;
  /** Limits each direction to so many bits per second; `null` lifts that direction's limit. */
  throttle(limits: Partial<Record<Direction, number | null>>): void;
  /** Stops forwarding both ways, for `ms` milliseconds when given, else until `thaw()`. Connections stay open. */
  freeze(ms?: number): void;
  thaw(): void;
  readonly frozen: boolean;
  /** Destroys every open connection at once (the client sees a reset, not a clean close). */
  reset(): void;
  stats(): ProxyStats;
  /** Resolves once at least `bytes` have been forwarded in that direction since the proxy started. */
  forwarded(direction: Direction, bytes: number): Promise<void>;
  close(): Promise<void>;
};

/** What a venue's Wi-Fi gives a phone's upload in the story: ~400 kbit/s. */
export const VENUE_UPLOAD_BITS_PER_SECOND = 400_000;

/** The longest slice written at once: small enough that pacing stays smooth at a few hundred kbit/s. */
const MAX_SLICE = 4096;
/** The bucket holds this much time's worth of bytes, so a link that sat idle does not then burst. */
const BURST_SECONDS = 0.05;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const drained = (socket: net.Socket) =>
  new Promise<void>((resolve) => {
    socket.once("drain", resolve);
    socket.once("close", resolve);
  });

/** A token bucket in bytes for one direction, shared by every connection. `rate` null = unlimited. */
class Link {
  rate: number | null = null;
  private tokens = 0;
  private refilledAt = performance.now();

  setBitsPerSecond(bits: number | null) {
    this.refill();
    this.rate = bits === null ? null : bits / 8;
    this.tokens = 0;
  }

  /** Waits until at least one byte may pass and takes up to `wanted` bytes' worth. */
  async take(wanted: number): Promise<number> {
    for (;;) {
      if (this.rate === null) return wanted;
      this.refill();
      if (this.tokens >= 1) {
        const granted = Math.min(wanted, Math.floor(this.tokens));
        this.tokens -= granted;
        return granted;
      }
      await sleep(Math.max(5, Math.ceil(((1 - this.tokens) / this.rate) * 1000)));
    }
  }

  private refill() {
    const now = performance.now();
    if (this.rate !== null) {
      const burst = Math.max(MAX_SLICE, this.rate * BURST_SECONDS);
      this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) / 1000) * this.rate);
    }
    this.refilledAt = now;
  }
}

export async function startFaultProxy(
  targetUrl: string,
  initial: Partial<Record<Direction, number | null>> = { up: VENUE_UPLOAD_BITS_PER_SECOND },
): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const links: Record<Direction, Link> = { up: new Link(), down: new Link() };
  const counted: Record<Direction, number> = { up: 0, down: 0 };
  /**
   * forwarded()'s callers, told as the bytes pass rather than by polling: under a steady stream of the pump's short
   * sleeps, a 25 ms poll was seen to fire only every ~1.5 s (Bun 1.4.5 on this session's machine), so a test's reset
   * meant for a third of the upload came after all of it.
   */
  const waiting: { direction: Direction; bytes: number; resolve: () => void }[] = [];
  const count = (direction: Direction, bytes: number) => {
    counted[direction] += bytes;
    for (let i = waiting.length - 1; i >= 0; i--) {
      const waiter = waiting[i]!;
      if (waiter.direction === direction && counted[direction] >= waiter.bytes) waiting.splice(i, 1)[0]!.resolve();
    }
  };
  let held = 0;
  const sockets = new Set<net.Socket>();
  const clients = new Set<net.Socket>();
  let connections = 0;
  let resets = 0;
  let frozen = false;
  let thawTimer: ReturnType<typeof setTimeout> | undefined;
  let thawed = Promise.resolve();
  let releaseThaw = () => {};

  const untilThawed = () => (frozen ? thawed : undefined);

  /** Copies `from` into `to` at the direction's pace; `from` is paused while a chunk is still going out. */
  function pump(from: net.Socket, to: net.Socket, direction: Direction) {
    let sending = Promise.resolve();
    from.on("data", (chunk: Buffer) => {
      from.pause();
      held += chunk.length;
      sending = sending.then(async () => {
        let rest = chunk;
        while (rest.length > 0 && !to.destroyed) {
          await untilThawed();
          const size = await links[direction].take(Math.min(rest.length, MAX_SLICE));
          // A freeze that began while this slice waited for its turn holds it too.
          await untilThawed();
          if (to.destroyed) break;
          const slice = rest.subarray(0, size);
          rest = rest.subarray(size);
          count(direction, slice.length);
          held -= slice.length;
          if (!to.write(slice)) await drained(to);
        }
        held -= rest.length;
        if (!from.destroyed) from.resume();
      });
    });
    // A clean end (FIN) is passed on once the bytes before it went out.
    from.on("end", () => void sending.then(() => to.end()));
  }

  // Half-open on both sides: each end (FIN) is passed on by the pump after the paced bytes before it.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    connections += 1;
    clients.add(client);
    client.on("close", () => clients.delete(client));
    const upstream = net.connect({ host: target.hostname, port: Number(target.port), allowHalfOpen: true });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", (hadError) => {
        sockets.delete(socket);
        // One side gone abruptly takes the other with it, as a dropped link does.
        if (hadError) (socket === client ? upstream : client).destroy();
      });
    }
    pump(client, upstream, "up");
    pump(upstream, client, "down");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    port,
    throttle(limits) {
      for (const direction of ["up", "down"] as const) {
        if (direction in limits) links[direction].setBitsPerSecond(limits[direction] ?? null);
      }
    },
    freeze(ms) {
      if (!frozen) {
        frozen = true;
        // Nothing is paused here: each pump holds its current chunk (its source stays paused meanwhile) until thawed.
        thawed = new Promise((resolve) => (releaseThaw = resolve));
      }
      clearTimeout(thawTimer);
      if (ms !== undefined) thawTimer = setTimeout(() => proxy.thaw(), ms);
    },
    thaw() {
      clearTimeout(thawTimer);
      if (!frozen) return;
      frozen = false;
      releaseThaw();
    },
    get frozen() {
      return frozen;
    },
    reset() {
      resets += 1;
      for (const socket of [...sockets]) socket.resetAndDestroy();
    },
    stats: () => ({ up: counted.up, down: counted.down, held, connections, open: clients.size, resets }),
    forwarded(direction, bytes) {
      if (counted[direction] >= bytes) return Promise.resolve();
      return new Promise<void>((resolve) => waiting.push({ direction, bytes, resolve }));
    },
    async close() {
      proxy.thaw();
      proxy.reset();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  proxy.throttle(initial);
  return proxy;
}
