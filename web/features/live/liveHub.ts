/**
 * The admins' live stream (GET /api/events, Server-Sent Events), one per browser: the tab holding a lease in
 * localStorage opens it and passes each change to the other tabs over a BroadcastChannel; when that tab closes (or
 * stops renewing its lease), another takes it and goes on from the last change the tabs saw. A page served over plain
 * HTTP gets six connections to the server, shared by all its tabs: with a stream per view, three desk tabs took them
 * all and every further request waited. (A lease rather than Web Locks: those exist only on HTTPS and localhost, and a
 * venue's server is often http://192.168.…)
 *
 * A view subscribes after the audit id its list was read at (or null: from now on); changes from there on reach it
 * once each, in order (two tabs holding the stream for a moment send the same changes: each view skips what it saw).
 * The stream is reopened from an older id when a view needs what it already passed.
 */
export type LiveStatus = "connecting" | "live" | "unavailable";

type Change = { id: number; name: string; data: unknown };
type Message =
  | ({ type: "change" } & Change)
  | { type: "start"; after: number }
  | { type: "status"; status: LiveStatus }
  /** A tab's views need the changes after `after` (null: nothing older than the stream's); the holder answers with its status. */
  | { type: "need"; after: number | null }
  /** A tab took the stream: every tab says what it needs. */
  | { type: "holder" }
  /** The holder closed: another tab may take the stream now. */
  | { type: "released" };

type Subscriber = { seen: number | null; onChange: (name: string, data: unknown) => void };

/** The change names the stream sends (src/events/event-stream.ts). */
const CHANGES = ["evidence.created", "evidence.updated", "evidence.deleted", "show", "user.updated", "user.deleted"];
const CHANNEL = "casefile-live";
/** The lease: which tab holds the stream, until when; renewed every RENEW_MS by its holder. */
const LEASE = "casefile-live-holder";
const LEASE_MS = 5_000;
const RENEW_MS = 1_000;
/** How long a claim waits before it reads the lease back: of two tabs claiming at once, the later write holds. */
const CLAIM_SETTLE_MS = 50;
/** Not crypto.randomUUID: that needs a secure context too. */
const TAB = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

type Lease = { tab: string; until: number };
function readLease(): Lease | null {
  try {
    return JSON.parse(localStorage.getItem(LEASE) ?? "null") as Lease | null;
  } catch {
    return null;
  }
}
const writeLease = () => localStorage.setItem(LEASE, JSON.stringify({ tab: TAB, until: Date.now() + LEASE_MS } satisfies Lease));

const older = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/** The stream itself, in the tab that holds it: reopened from an older id when a view needs one. */
class Stream {
  #source: EventSource | null = null;
  /** Every change after this has been or will be passed on (known once the stream says where it started). */
  #cursor: number | null = null;
  /** The oldest id needed while the stream had not said where it starts. */
  #pending: number | null = null;
  /** The server refused the stream (no admin session then): the browser does not retry it. */
  #refused = false;

  constructor(private readonly hub: Hub) {}

  open(after: number | null): void {
    this.#source?.close();
    this.#cursor = null;
    this.#pending = null;
    this.#refused = false;
    const source = new EventSource(after === null ? "/api/events" : `/api/events?after=${after}`);
    this.#source = source;
    source.addEventListener("open", () => this.hub.setStatus("live", true));
    source.addEventListener("error", () => {
      this.#refused = source.readyState === EventSource.CLOSED;
      this.hub.setStatus(this.#refused ? "unavailable" : "connecting", true);
    });
    source.addEventListener("start", (event) => {
      const start = (JSON.parse((event as MessageEvent<string>).data) as { after: number }).after;
      this.#cursor = start;
      this.hub.started(start, true);
      if (this.#pending !== null && this.#pending < start) this.open(this.#pending);
    });
    for (const name of CHANGES) {
      source.addEventListener(name, (event) => {
        const message = event as MessageEvent<string>;
        const id = Number(message.lastEventId);
        this.#cursor = Math.max(this.#cursor ?? id, id);
        this.hub.changed({ id, name, data: JSON.parse(message.data) }, true);
      });
    }
  }

  need(after: number | null): void {
    // A view that subscribes now may come with a new session (a login in another tab): try again.
    if (this.#refused) return this.open(older(after, this.#cursor));
    if (after === null) return;
    if (this.#cursor === null) this.#pending = older(this.#pending, after);
    else if (after < this.#cursor) this.open(after);
  }

  close(): void {
    this.#source?.close();
    this.#source = null;
  }
}

class Hub {
  readonly subscribers = new Set<Subscriber>();
  readonly statusListeners = new Set<(status: LiveStatus) => void>();
  status: LiveStatus = "connecting";
  /** The newest change (or stream start) this tab has seen: where a stream taken over by this tab goes on from. */
  #seen: number | null = null;
  #stream: Stream | null = null;
  readonly #channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
  #renewal: ReturnType<typeof setInterval> | undefined;
  readonly #leave = () => this.#releaseLease();

  constructor() {
    // Without a channel (a browser from before 2022) the tabs cannot share: each holds its own stream.
    if (!this.#channel) {
      this.#hold();
      return;
    }
    this.#channel.addEventListener("message", (event: MessageEvent<Message>) => this.#heard(event.data));
    addEventListener("pagehide", this.#leave);
    this.#renewal = setInterval(() => this.#checkLease(), RENEW_MS);
    this.#checkLease();
    this.#tell({ type: "need", after: null });
  }

  /** Renews this tab's lease, claims one that lapsed, or leaves the stream to the tab that holds it. */
  #checkLease(claimed = false): void {
    const lease = readLease();
    if (lease?.tab === TAB) {
      writeLease();
      if (claimed || this.#stream) this.#hold();
      else setTimeout(() => this.#checkLease(true), CLAIM_SETTLE_MS);
    } else if (!lease || lease.until < Date.now()) {
      writeLease();
      setTimeout(() => this.#checkLease(true), CLAIM_SETTLE_MS);
    } else if (this.#stream) {
      this.#stream.close();
      this.#stream = null;
    }
  }

  #hold(): void {
    if (this.#stream) return;
    this.#stream = new Stream(this);
    this.#stream.open(older(this.#seen, this.#needed()));
    this.#tell({ type: "holder" });
  }

  #releaseLease(): void {
    if (!this.#stream) return;
    this.#stream.close();
    this.#stream = null;
    if (readLease()?.tab === TAB) localStorage.removeItem(LEASE);
    this.#tell({ type: "released" });
  }

  /** What this tab's views need: the oldest id one of them has not seen past (null: none needs anything older). */
  #needed(): number | null {
    let needed: number | null = null;
    for (const subscriber of this.subscribers) needed = older(needed, subscriber.seen);
    return needed;
  }

  #tell(message: Message): void {
    this.#channel?.postMessage(message);
  }

  #heard(message: Message): void {
    if (message.type === "change") this.changed(message, false);
    else if (message.type === "start") this.started(message.after, false);
    else if (message.type === "status") this.setStatus(message.status, false);
    else if (message.type === "holder") this.#tell({ type: "need", after: this.#needed() });
    else if (message.type === "released") this.#checkLease();
    else if (this.#stream) {
      this.#stream.need(message.after);
      this.#tell({ type: "status", status: this.status });
    }
  }

  need(after: number | null): void {
    if (this.#stream) this.#stream.need(after);
    else this.#tell({ type: "need", after });
  }

  changed(change: Change, ours: boolean): void {
    if (ours) this.#tell({ type: "change", ...change });
    this.#seen = Math.max(this.#seen ?? change.id, change.id);
    for (const subscriber of this.subscribers) {
      if (subscriber.seen !== null && change.id <= subscriber.seen) continue;
      subscriber.seen = change.id;
      subscriber.onChange(change.name, change.data);
    }
  }

  started(after: number, ours: boolean): void {
    if (ours) this.#tell({ type: "start", after });
    this.#seen = Math.max(this.#seen ?? after, after);
  }

  setStatus(status: LiveStatus, ours: boolean): void {
    if (ours) this.#tell({ type: "status", status });
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  /** From now on: the views seen so far have their changes. */
  get seen(): number | null {
    return this.#seen;
  }

  stop(): void {
    clearInterval(this.#renewal);
    removeEventListener("pagehide", this.#leave);
    this.#releaseLease();
    this.#channel?.close();
  }
}

let hub: Hub | null = null;

/** This tab's hub, started by the first subscriber or status listener. */
function joinHub(): Hub {
  hub ??= new Hub();
  return hub;
}

/** After one leaves: the last to go stops the tab's part in the stream. */
function leftHub(left: Hub): void {
  if (left.subscribers.size > 0 || left.statusListeners.size > 0) return;
  left.stop();
  if (hub === left) hub = null;
}

/**
 * Changes after `after` (an audit id; null: from now on), each once and in order, until the returned function is
 * called. The first subscriber of a tab starts its part in the stream; the last one leaves it.
 */
export function subscribeLive(after: number | null, onChange: (name: string, data: unknown) => void): () => void {
  const joined = joinHub();
  const subscriber: Subscriber = { seen: after ?? joined.seen, onChange };
  joined.subscribers.add(subscriber);
  joined.need(subscriber.seen);
  return () => {
    joined.subscribers.delete(subscriber);
    leftHub(joined);
  };
}

/** The stream's state now and on every change, until the returned function is called. */
export function watchLiveStatus(listener: (status: LiveStatus) => void): () => void {
  const joined = joinHub();
  joined.statusListeners.add(listener);
  listener(joined.status);
  return () => {
    joined.statusListeners.delete(listener);
    leftHub(joined);
  };
}
