/**
 * Attack family (issue 42): what ffmpeg may read. A file may name other files — an ffconcat script, an HLS
 * playlist, both hidden behind an ID3 tag ffmpeg skips — and ffmpeg, guessing the format from the content, used to
 * open them: another participant's recording became the attacker's own copy. Each case was red before the fix.
 *
 * The sniffer's cases go through the API. The tools' cases put the crafted bytes in the store under a row as if a
 * sniffer had been fooled, and run the job's work directly: whatever the sniffer lets through, the tools read only
 * the file they were given, as the type decided.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { concat, id3v2, text } from "../../tests/support/av-bytes";
import { fixture, form, mediaRowKeys, newParticipant, storedFiles, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { mediaFiles, type MediaFileRow } from "../db/media-files";
import { makeRenditions } from "./make-renditions";
import { findTools } from "./tools";

let server: TestServer;
let attacker: Participant;
let victimId: string;
/** A local media file outside the store, named by absolute path (with an extension HLS allows). */
let localMp3: string;

beforeAll(async () => {
  server = await startTestServer(); // no jobs of its own: the tests run the work themselves
  attacker = await newParticipant(server.url);
  const victim = await newParticipant(server.url);
  const sent = await victim.actor.post("/api/evidence", form({ title: "My voice" }, { file: await fixture("voice.mp3") }));
  expect(sent.status).toBe(201);
  victimId = (await sent.json()).aws_url.split("/").pop();
  localMp3 = path.join(server.dataDir, "elsewhere.mp3");
  await copyFile(server.ctx.store.localPath!(`evidence/${victimId}`), localMp3);
});
afterAll(() => server.stop());

const EMPTY_ID3 = id3v2(new Uint8Array(0));
const ffconcatNaming = (name: string) => concat(EMPTY_ID3, text(`ffconcat version 1.0\nfile '${name}'\n`));
const hls = (file: string) => text(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:1,\n${file}\n#EXT-X-ENDLIST\n`);
const hlsReading = (file: string) => concat(EMPTY_ID3, hls(file));

describe("the sniffer: an ID3 tag is a prefix of MPEG audio, nothing else", () => {
  for (const [what, bytes] of [
    ["an 'MP3' of an ID3 tag and an ffconcat script naming a media id", () => ffconcatNaming(victimId)],
    ["an ID3 tag and an HLS playlist reading a local file by absolute path", () => hlsReading(localMp3)],
  ] as const) {
    test(`${what} is refused: 415, no row, no file`, async () => {
      const keysBefore = await mediaRowKeys(server);
      const filesBefore = await storedFiles(server.uploadsDir);
      const sent = await attacker.actor.post("/api/evidence", form({ title: "Not a recording" }, { file: new File([bytes()], "song.mp3") }));
      expect(sent.status).toBe(415);
      expect((await sent.json()).message).toContain("supported format");
      expect(await mediaRowKeys(server)).toEqual(keysBefore);
      expect((await storedFiles(server.uploadsDir)).filter((f) => !f.startsWith(".tmp"))).toEqual(filesBefore.filter((f) => !f.startsWith(".tmp")));
    });
  }
});

/** Stores bytes under a new row as if the sniffer had taken them for `mime`; returns the row's id. */
async function storedAs(bytes: Uint8Array, mime: string, publicCopy: MediaFileRow["publicCopy"] = "original"): Promise<string> {
  const id = crypto.randomUUID().replaceAll("-", "");
  const storeKey = `evidence/${id}`;
  await server.ctx.store.putBytes(storeKey, bytes, mime);
  const [user] = await server.ctx.db.select().from(mediaFiles).limit(1);
  await server.ctx.db.insert(mediaFiles).values({
    id, ownerId: user!.ownerId, purpose: "evidence", storeKey, publicCopy, mime, size: bytes.length, sha256: "0".repeat(64), createdAt: new Date().toISOString(),
  });
  return id;
}

/** What the job makes of a stored file: its renditions' kinds and the length the waveform found, or its failure. */
async function copiesOf(id: string) {
  const limits = { timeLimitMs: 60_000, signal: new AbortController().signal };
  try {
    const made = await makeRenditions(server.ctx, findTools(), id, limits);
    const peaks = made.find((row) => row.kind === "peaks");
    const seconds = peaks ? (await new Response(await server.ctx.store.read(peaks.storeKey)).json()).seconds : undefined;
    return { kinds: made.map((row) => row.kind), seconds };
  } catch (error) {
    return { failed: (error as Error).message };
  }
}

describe("the tools read only the file they were given, as the sniffer typed it", () => {
  test("the victim's own recording is read (the check can fail)", async () => {
    expect((await copiesOf(victimId)).seconds).toBeGreaterThan(0.9);
  });

  test("an ffconcat script naming a media id beside it in the store reads nothing of it", async () => {
    const copies = await copiesOf(await storedAs(ffconcatNaming(victimId), "audio/mpeg"));
    expect(copies.seconds).toBeUndefined();
    expect(copies.failed).toContain("could not read");
  });

  test("an HLS playlist reading a local .mp3 by absolute path reads nothing of it", async () => {
    const copies = await copiesOf(await storedAs(hlsReading(localMp3), "audio/mpeg"));
    expect(copies.seconds).toBeUndefined();
    expect(copies.failed).toContain("could not read");
  });

  test("an HLS playlist without the ID3 tag, typed as an AAC recording, reads nothing either", async () => {
    const copies = await copiesOf(await storedAs(hls(localMp3), "audio/aac"));
    expect(copies.seconds).toBeUndefined();
  });

  test("a withheld original (the walker could not account for every byte) gets no copies at all", async () => {
    const withheld = await storedAs(new Uint8Array(await (await fixture("voice.mp3")).arrayBuffer()), "audio/mpeg", "withheld");
    expect(await copiesOf(withheld)).toEqual({ kinds: [], seconds: undefined });
    const [row] = await server.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, withheld));
    expect(row!.publicCopy).toBe("withheld");
  });
});
