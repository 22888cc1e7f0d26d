/**
 * A show for the archive edition's tests (issue 47): public items of every kind (a photo carrying GPS, an iPhone HEIC
 * that gets renditions, a video, a recording, a note), a public item whose file has no safe public copy ("withheld"),
 * a withdrawn item and a private one, an investigator's note, a place, and the licence and credit set. Waits until the
 * server has made every rendition. Returns the items and what must never be in an edition.
 */
import { expect } from "bun:test";
import { Actor, cast, fixture, form, type Participant } from "./client";
import type { TestServer } from "./server";

export type SeededItem = { id: number; title: string; aws_url: string };
export type EditionSeed = {
  items: Record<"photo" | "heic" | "video" | "audio" | "note" | "withheld" | "withdrawn" | "secret", SeededItem>;
  /** Texts that must appear in no file of the edition. */
  secrets: string[];
  admin: Actor;
  owner: Participant;
};

const send = async (who: Participant, fields: Record<string, string>, file?: File) => {
  const response = await who.actor.post("/api/evidence", form(fields, file ? { file } : {}));
  expect(response.status).toBe(201);
  return (await response.json()) as SeededItem;
};

/** An MP4 followed by a few stray bytes: stored, but no safe public copy can be made (public_copy "withheld"). */
async function unparseableMp4(): Promise<File> {
  const bytes = new Uint8Array(await (await fixture("gps/gps.mp4")).arrayBuffer());
  return new File([new Uint8Array([...bytes, 0x43, 0x46, 0x54, 0x4d])], "stray.mp4");
}

export async function seedEditionShow(server: TestServer): Promise<EditionSeed> {
  const { owner, other, admin } = await cast(server.url);
  const PLACE = "Corner of Hidden Lane 51.50071N 0.12462W";
  const items = {
    photo: await send(owner, { title: "Photo of the meeting", notes: "Taken at noon.\n\nSecond paragraph.", location: PLACE }, await fixture("gps/photo.jpg")),
    heic: await send(other, { title: "iPhone picture" }, await fixture("gps/photo.heic")),
    video: await send(owner, { title: "Video of the street" }, await fixture("gps/gps.mp4")),
    audio: await send(other, { title: "Voice memo" }, await fixture("gps/gps.m4a")),
    note: await send(owner, { title: "A written note", notes: "Nothing happened at the corner." }),
    withheld: await send(owner, { title: "Video without a safe copy" }, await unparseableMp4()),
    withdrawn: await send(other, { title: "WITHDRAWN-TITLE-7731", notes: "WITHDRAWN-NOTES-7731" }, await fixture("gps/photo.png")),
  };
  expect((await admin.put("/api/evidence/makeAllPublic")).status).toBe(200);
  expect((await other.actor.put(`/api/evidence/withdraw/${items.withdrawn.id}`)).status).toBe(200);
  const secret = await send(owner, { title: "PRIVATE-TITLE-4410", notes: "PRIVATE-NOTES-4410" }, await fixture("gps/photo.webp"));
  expect((await admin.put(`/api/evidence/notes/${items.photo.id}`, { investigator_notes: "INVESTIGATOR-NOTE-9902" })).status).toBe(200);
  const show = await admin.put("/api/show", { archive_licence: "CC BY-SA 4.0", archive_credit: "Courtesy of the Test Collective" });
  expect(show.status).toBe(200);
  await renditionsMade(server);
  return {
    items: { ...items, secret },
    secrets: [
      PLACE, "51.50071", "Hidden Lane", "WITHDRAWN-TITLE-7731", "WITHDRAWN-NOTES-7731", "PRIVATE-TITLE-4410", "PRIVATE-NOTES-4410",
      "INVESTIGATOR-NOTE-9902", owner.fields.email, other.fields.email, owner.fields.phone_number, owner.fields.full_name,
      owner.fields.pronouns, "@example.org",
    ],
    admin,
    owner,
  };
}

/** Waits until the server has taken up and finished every stored file's renditions job (its runner polls; ffmpeg runs at the lowest priority). */
async function renditionsMade(server: TestServer) {
  const until = Date.now() + 120_000;
  for (;;) {
    const { rows } = await server.ctx.db.$client.execute(
      "select count(*) from media_files m where m.purpose = 'evidence' and not exists" +
        " (select 1 from jobs j where j.kind = 'renditions' and j.subject = m.id and j.state not in ('pending', 'running'))",
    );
    if (rows[0]![0] === 0) return;
    if (Date.now() > until) throw new Error("renditions still being made after 120 s");
    await Bun.sleep(250);
  }
}
