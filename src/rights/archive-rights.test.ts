/**
 * Rights outlive the show (issue 41): in archive mode a participant still logs in to download their data, withdraw
 * items and delete their account — and nothing else; admins do the same for them. The ZIP is the participant's own:
 * none of the investigator's notes, review states or flags, in any file of it.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Actor, adminActor, form, newParticipant, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { readZip, storedEntry } from "../../tests/support/zip-reader";
import { ARCHIVE_CLOSED_MESSAGE } from "../http/errors";

setDefaultTimeout(60_000);

let server: TestServer;
let admin: Actor;
let mira: Participant;
let shown: number;
let kept: number;

/** The investigator's words about Mira's items: none may reach her. */
const PRIVATE_NOTE = "Investigator only: Mira's van matches the plate from the Tuesday file";
const EARLIER_NOTE = "first hunch, under the bridge";

beforeAll(async () => {
  // A show that ran with ARCHIVE_MODE off, then reopened as an archive on the same data.
  server = await startTestServer();
  admin = await adminActor(server.url);
  mira = await newParticipant(server.url, { full_name: "Mira Okonkwo-Lindqvist" });
  const post = async (title: string) => ((await (await mira.actor.post("/api/evidence", form({ title, notes: "what I saw" }))).json()) as { id: number }).id;
  shown = await post("Harbour at dawn");
  kept = await post("The second van");
  expect((await admin.put("/api/evidence/bulk", { ids: [shown], action: "publish" })).status).toBe(200);
  for (const notes of [EARLIER_NOTE, PRIVATE_NOTE]) expect((await admin.put(`/api/evidence/notes/${shown}`, { investigator_notes: notes })).status).toBe(200);
  expect((await admin.put(`/api/evidence/review/${shown}`, { status: "flagged" })).status).toBe(200);
  expect((await admin.put(`/api/evidence/review/${kept}`, { status: "reviewed" })).status).toBe(200);
  server.ctx.config.archiveMode = true;
});
afterAll(() => server?.stop());

const publicIds = async () => ((await (await new Actor(server.url).get("/api/evidence/public")).json()) as { id: number }[]).map((item) => item.id);

/** Every entry of a ZIP as text (the notes, manifests and audit entries are text; photos cannot hold a note). */
async function zipTexts(response: Response): Promise<Map<string, string>> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  const file = await response.blob();
  const texts = new Map<string, string>();
  for (const entry of await readZip(file)) texts.set(entry.name, await (await storedEntry(file, entry)).text());
  return texts;
}

function expectNothingOfTheInvestigator(texts: Map<string, string>) {
  expect([...texts.keys()]).toContain("audit.json");
  for (const [name, text] of texts) {
    for (const secret of [PRIVATE_NOTE, EARLIER_NOTE, "investigator_notes", "review_status", "flagged", "reviewed", "evidence.notes", "evidence.review"]) {
      if (text.includes(secret)) throw new Error(`${name} holds "${secret}"`);
    }
  }
}

describe("the participant's ZIP holds nothing of the investigator's", () => {
  test("downloaded by the participant", async () => {
    const texts = await zipTexts(await mira.actor.get("/api/user/data"));
    expectNothingOfTheInvestigator(texts);
    // What is hers is there: her items' notes and her own entries.
    expect(texts.get("manifest.json")).toContain("what I saw");
    expect(texts.get("manifest.csv")!.split("\r\n")[0]).not.toContain("review");
    const audit = JSON.parse(texts.get("audit.json")!) as { action: string }[];
    expect(audit.map((entry) => entry.action)).toContain("evidence.create");
    expect(audit.map((entry) => entry.action)).toContain("evidence.visibility");
  });

  test("downloaded by an admin for her (the same ZIP), while the admin's own export keeps the review", async () => {
    expectNothingOfTheInvestigator(await zipTexts(await admin.get(`/api/user/${mira.user.id}/data`)));
    const investigators = await zipTexts(await admin.get(`/api/export?user=${mira.user.id}`));
    expect(investigators.get("manifest.json")).toContain("flagged");
  });
});

describe("in archive mode a participant keeps their rights, and only those", () => {
  test("logs in, reads their items and data, and adds or edits nothing", async () => {
    const phone = new Actor(server.url);
    expect((await phone.login(mira.fields.username, mira.fields.password)).status).toBe(200);
    expect((await phone.get("/api/user")).status).toBe(200);
    const own = (await (await phone.get("/api/evidence")).json()) as { id: number }[];
    expect(own.map((item) => item.id).sort()).toEqual([shown, kept].sort());
    expect((await phone.get("/api/user/data")).status).toBe(200);

    const closed = async (response: Response) => {
      expect(response.status).toBe(503);
      expect(((await response.json()) as { message: string }).message).toBe(ARCHIVE_CLOSED_MESSAGE);
    };
    await closed(await phone.post("/api/evidence", form({ title: "After the show" })));
    await closed(await phone.put(`/api/evidence/update/${kept}`, form({ title: "Changed" })));
    await closed(await phone.put(`/api/evidence/update/${kept}`, { title: "Changed", notes: "" }));
    await closed(await phone.delete(`/api/evidence/delete/${kept}`));
    await closed(await phone.put("/api/evidence/user", form({ full_name: "Someone Else" })));
    await closed(await phone.put(`/api/user/watched/${mira.user.id}`));
    expect((await admin.get(`/api/evidence/admin?id=${kept}`)).status).toBe(200);
    const [item] = (await (await admin.get(`/api/evidence/admin?id=${kept}`)).json()) as { title: string }[];
    expect(item!.title).toBe("The second van");
  });

  test("withdraws a public item: it leaves the public archive at once, and Make All Public keeps it out", async () => {
    expect(await publicIds()).toContain(shown);
    const answer = await mira.actor.put(`/api/evidence/withdraw/${shown}`);
    expect(answer.status).toBe(200);
    expect(await publicIds()).not.toContain(shown);
    expect((await new Actor(server.url).get(`/api/evidence/public/${shown}`)).status).toBe(404);
    expect(((await (await admin.put("/api/evidence/makeAllPublic")).json()) as { skipped_withdrawn: number[] }).skipped_withdrawn).toContain(shown);
    expect(await publicIds()).not.toContain(shown);
  });

  test("deletes their account with their password", async () => {
    const leaving = await newParticipantBeforeArchive();
    expect((await leaving.actor.request("DELETE", "/api/user", { password: "wrong-one" })).status).toBe(403);
    const gone = await leaving.actor.request("DELETE", "/api/user", { password: leaving.fields.password });
    expect(gone.status).toBe(200);
    expect((await new Actor(server.url).login(leaving.fields.username, leaving.fields.password)).status).toBe(401);
  });
});

describe("admins act for a participant after the show", () => {
  test("download (refused from another site), withdraw per item, delete the account — each audited", async () => {
    const other = await newParticipantBeforeArchive();
    const entries = async (action: string) =>
      Number((await server.ctx.db.$client.execute({ sql: "select count(*) from audit_log where action = ? and target_id = ?", args: [action, other.user.id] })).rows[0]![0]);

    const crossSite = await admin.request("GET", `/api/user/${other.user.id}/data`, undefined, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await entries("user.data-export")).toBe(0);
    expect((await admin.request("GET", `/api/user/${other.user.id}/data`, undefined, { "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect(await entries("user.data-export")).toBe(1);

    const deleted = await admin.delete(`/api/user/${other.user.id}`);
    expect(deleted.status).toBe(200);
    expect(await entries("user.delete")).toBe(1);
    expect((await admin.get(`/api/evidence/admin?user=${other.user.id}`)).status).toBe(200);
  });
});

/** A participant registered while the show was open (registration is closed in archive mode). */
async function newParticipantBeforeArchive(): Promise<Participant> {
  server.ctx.config.archiveMode = false;
  try {
    const participant = await newParticipant(server.url);
    await participant.actor.post("/api/evidence", form({ title: "Left behind" }));
    return participant;
  } finally {
    server.ctx.config.archiveMode = true;
  }
}
