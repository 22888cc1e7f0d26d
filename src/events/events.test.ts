/** GET /api/events on two instances of one sqld: changes made through either reach an admin connected to the other. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Actor, adminActor, form, newParticipant, type Participant } from "../../tests/support/client";
import { startTwoInstances, type TwoInstances } from "../../tests/ship/support/instances";
import { setRole } from "../users/users.service";

setDefaultTimeout(60_000);

let instances: TwoInstances;
let admin: Actor;
let poster: Participant;

beforeAll(async () => {
  instances = await startTwoInstances();
  admin = await adminActor(instances.first.url);
  poster = await newParticipant(instances.second.url);
}, 60_000);
afterAll(() => instances?.stop());

type ServerEvent = { id?: string; event?: string; data?: unknown; comment?: string };

/** An open SSE connection: its events parsed as they arrive. */
async function connect(actor: Actor, from: { lastEventId?: string; after?: string } = {}) {
  const abort = new AbortController();
  const headers: Record<string, string> = { cookie: actor.cookie, accept: "text/event-stream" };
  if (from.lastEventId) headers["last-event-id"] = from.lastEventId;
  const search = from.after === undefined ? "" : `?after=${from.after}`;
  const response = await fetch(`${actor.baseUrl}/api/events${search}`, { headers, signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toStartWith("text/event-stream");
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const queued: ServerEvent[] = [];
  /** The next event (comments skipped unless asked for), or a failure after timeoutMs. */
  async function next(timeoutMs: number, withComments = false): Promise<ServerEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = queued.findIndex((e) => withComments || !e.comment);
      if (found >= 0) return queued.splice(0, found + 1).at(-1)!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      const chunk = await Promise.race([reader.read(), Bun.sleep(left).then(() => undefined)]);
      if (!chunk) continue;
      if (chunk.done) throw new Error("the stream ended");
      buffer += chunk.value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) queued.push({ comment: line.slice(1).trim() });
        }
        const fields = Object.fromEntries(block.split("\n").filter((l) => !l.startsWith(":") && l.includes(":")).map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]));
        if (fields.event === "start") queued.push({ id: fields.id, comment: "start", data: JSON.parse(fields.data!) });
        else if (fields.event) queued.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data!) });
      }
    }
  }
  return { next, close: () => abort.abort() };
}

async function post(title: string) {
  const response = await poster.actor.post("/api/evidence", form({ title, notes: "from the other instance" }));
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number };
}

describe("GET /api/events", () => {
  test("visitors get 401 and participants 403", async () => {
    expect((await new Actor(instances.first.url).get("/api/events")).status).toBe(401);
    expect((await poster.actor.get("/api/events")).status).toBe(403);
  });

  test("an item created, edited and deleted on instance B reaches an admin on instance A within 2 s each", async () => {
    const stream = await connect(admin);
    try {
      const item = await post("Live from B");
      const created = await stream.next(2_000);
      expect(created.event).toBe("evidence.created");
      expect(created.data).toMatchObject({ id: item.id, title: "Live from B", user_id: poster.user.id, username: poster.user.username, full_name: "Test Person" });
      expect(Number(created.id)).toBeGreaterThan(0);

      expect((await poster.actor.put(`/api/evidence/update/${item.id}`, { title: "Edited on B", notes: "" })).status).toBe(200);
      const updated = await stream.next(2_000);
      expect(updated).toMatchObject({ event: "evidence.updated", data: { id: item.id, title: "Edited on B" } });
      expect(Number(updated.id)).toBeGreaterThan(Number(created.id));

      expect((await poster.actor.delete(`/api/evidence/delete/${item.id}`)).status).toBe(200);
      expect(await stream.next(2_000)).toMatchObject({ event: "evidence.deleted", data: { id: item.id } });
    } finally {
      stream.close();
    }
  });

  test("Last-Event-ID resumes after the last event seen: what happened while disconnected arrives, nothing twice", async () => {
    const stream = await connect(admin);
    await post("Seen live");
    const seen = await stream.next(2_000);
    stream.close();

    const missedA = await post("Missed one");
    const missedB = await post("Missed two");
    const resumed = await connect(admin, { lastEventId: seen.id });
    try {
      expect((await resumed.next(2_000)).data).toMatchObject({ id: missedA.id, title: "Missed one" });
      expect((await resumed.next(2_000)).data).toMatchObject({ id: missedB.id, title: "Missed two" });
    } finally {
      resumed.close();
    }
  });

  test("make all public sends one evidence.updated per item it changed, with the item as it is now", async () => {
    const items = [await post("Bulk one"), await post("Bulk two")];
    const stream = await connect(admin);
    try {
      expect((await (await adminActor(instances.second.url)).put("/api/evidence/makeAllPublic")).status).toBe(200);
      // Earlier tests left other private items: they change too, each with its own event.
      const seen = new Set<number>();
      const deadline = Date.now() + 2_000;
      while (!items.every((i) => seen.has(i.id))) {
        const event = await stream.next(deadline - Date.now());
        expect(event).toMatchObject({ event: "evidence.updated", data: { is_public: true } });
        seen.add((event.data as { id: number }).id);
      }
    } finally {
      stream.close();
    }
  });

  test("the stream says where it starts, and one dropped before its first change resumes from there (Last-Event-ID set at once)", async () => {
    const stream = await connect(admin);
    let opening = await stream.next(1_000, true);
    while (opening.comment !== "start") opening = await stream.next(1_000, true); // after ": connected"
    stream.close();
    expect(Number(opening.id)).toBeGreaterThan(0);
    expect(opening.data).toEqual({ after: Number(opening.id) });
    const missed = await post("While the first connection was down");
    const resumed = await connect(admin, { lastEventId: opening.id });
    try {
      expect((await resumed.next(2_000)).data).toMatchObject({ id: missed.id });
    } finally {
      resumed.close();
    }
  });

  test("a list's answer says where its stream starts: a change between the list and the stream's start still arrives", async () => {
    const list = await admin.get("/api/evidence/admin?limit=5");
    expect(list.status).toBe(200);
    const after = list.headers.get("x-events-after")!;
    expect(after).toMatch(/^\d+$/);
    const between = await post("Sent while the admin's stream was still connecting");
    const stream = await connect(admin, { after });
    try {
      expect(await stream.next(2_000)).toMatchObject({ event: "evidence.created", data: { id: between.id } });
    } finally {
      stream.close();
    }
    // Not a number: ignored, the stream starts at the newest entry.
    const odd = await connect(admin, { after: "1e3" });
    try {
      const next = await post("After the odd cursor");
      expect((await odd.next(2_000)).data).toMatchObject({ id: next.id });
    } finally {
      odd.close();
    }
  });

  test("without Last-Event-ID the stream starts at the newest entry: older changes are not replayed", async () => {
    await post("Before connecting");
    const stream = await connect(admin);
    try {
      const after = await post("After connecting");
      expect((await stream.next(2_000)).data).toMatchObject({ id: after.id });
    } finally {
      stream.close();
    }
  });
});

describe("the stream ends with its session (issue 17: it kept pushing private items after logout)", () => {
  /** Resolves with how long the stream took to end; fails after ms, or when it sends any event meanwhile. */
  async function endsWithin(stream: Awaited<ReturnType<typeof connect>>, ms: number): Promise<number> {
    const started = Date.now();
    for (;;) {
      let sent: ServerEvent;
      try {
        sent = await stream.next(ms - (Date.now() - started), true);
      } catch (error) {
        if ((error as Error).message === "the stream ended") return Date.now() - started;
        throw error;
      }
      if (!sent.comment) throw new Error(`sent while its session was ending: ${JSON.stringify(sent)}`);
    }
  }

  test("logout ends the admin's stream at once; an item posted after it is never sent", async () => {
    const device = await adminActor(instances.first.url);
    const stream = await connect(device);
    try {
      await stream.next(1_000, true); // connected
      expect((await device.post("/api/user/logout")).status).toBe(200);
      const took = endsWithin(stream, 1_000);
      await post("Private, after logout");
      expect(await took).toBeLessThan(1_000);
    } finally {
      stream.close();
    }
  });

  // Both instances run in this test process and so share the in-process registry: the demotion below is what shows
  // the re-check alone ending a stream.
  test("log out everywhere from another device and instance ends the stream", async () => {
    const phone = await adminActor(instances.first.url);
    const laptop = await adminActor(instances.second.url);
    const stream = await connect(phone);
    try {
      expect((await laptop.post("/api/user/logout-all")).status).toBe(200);
      await post("Private, after log out everywhere");
      await endsWithin(stream, 4_000);
    } finally {
      stream.close();
    }
    expect((await admin.get("/api/user")).status).toBe(401); // the shared admin session went too
    admin = await adminActor(instances.first.url);
  });

  test("a demoted admin's stream ends within seconds, a deleted one's at once", async () => {
    const deputy = await newParticipant(instances.first.url);
    await setRole(instances.first.ctx.db, deputy.user.username, 2);
    const demoted = await connect(deputy.actor);
    try {
      await setRole(instances.first.ctx.db, deputy.user.username, 1); // the command line's set-role, another process
      await endsWithin(demoted, 4_000);
    } finally {
      demoted.close();
    }
    await setRole(instances.first.ctx.db, deputy.user.username, 2);
    const deleted = await connect(deputy.actor);
    try {
      expect((await admin.delete(`/api/user/${deputy.user.id}`)).status).toBe(200);
      expect(await endsWithin(deleted, 1_000)).toBeLessThan(1_000);
    } finally {
      deleted.close();
    }
  });
});
