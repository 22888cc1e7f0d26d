/** The show's media slots over HTTP: each kind of file at a versioned address, refusals, uploads and defaults. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import { Actor, adminActor, fixture, form, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { createUpload, resume, videoOfSize } from "../../tests/support/tus";
import { auditRows, file, type Json, SVG } from "./show-test-support";

const VTT = "WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome, informant.\n";

describe("show media addresses cannot be counted through (issue 42)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PROJECT_NAME: "" });
  });
  afterAll(() => server.stop());

  test("the id alone, or with another file's hash, answers 404; the address given out answers", async () => {
    const admin = await adminActor(server.url);
    const first = ((await (await admin.put("/api/show/media/logo", form({}, { file: file(SVG, "logo.svg") }))).json()) as Json).media.logo.url as string;
    const [, , slot, segment] = first.split("/");
    const [id, hash] = segment!.split("-");
    const guesses = [`/show-media/${slot}/${id}`, `/show-media/${slot}/${Number(id) + 1}`, `/show-media/${slot}/${id}-${"0".repeat(16)}`, `/show-media/${slot}/${id}-${hash!.toUpperCase()}`];
    for (const guess of guesses) expect([guess, (await fetch(server.url + guess)).status]).toEqual([guess, 404]);
    expect((await fetch(server.url + first)).status).toBe(200);
  });
});

describe("media slots", () => {
  let server: TestServer;
  let admin: Actor;
  beforeAll(async () => {
    server = await startTestServer({ PROJECT_NAME: "", MAX_UPLOAD_MB: "2" });
    admin = await adminActor(server.url);
  });
  afterAll(() => server.stop());

  const uploads: [slot: string, file: () => Promise<File>, type: string][] = [
    ["onboarding-video", () => fixture("clip.mp4"), "video/mp4"],
    ["onboarding-captions", async () => file(VTT, "captions.vtt"), "text/vtt; charset=utf-8"],
    ["tutorial-video", () => fixture("clip.webm"), "video/webm"],
    ["tutorial-captions", async () => file(`\uFEFF${VTT}`, "t.vtt"), "text/vtt; charset=utf-8"],
    ["logo", async () => file(SVG, "logo.svg"), "image/svg+xml"],
    ["landing-image", () => fixture("photo.png"), "image/png"],
  ];

  test("each slot takes its kind of file, serves it at a versioned address with its type, and is audited", async () => {
    for (const [slot, make, type] of uploads) {
      const sent = await make();
      const response = await admin.put(`/api/show/media/${slot}`, form({}, { file: sent }));
      expect([slot, response.status]).toEqual([slot, 200]);
      const show = (await response.json()) as Json;
      const state = show.media[slot];
      expect(state).toMatchObject({ default: false, type, size: sent.size });
      expect(state.url).toMatch(new RegExp(`^/show-media/${slot}/\\d+-[0-9a-f]{16}$`));
      const served = await fetch(server.url + state.url);
      expect([slot, served.status, served.headers.get("content-type")]).toEqual([slot, 200, type]);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(await sent.arrayBuffer()));
    }
    const show = (await (await fetch(`${server.url}/api/show`)).json()) as Json;
    expect(show.onboarding_video_sources).toEqual([{ url: show.media["onboarding-video"].url, type: "video/mp4" }]);
    expect(show.onboarding_video_url).toBe(show.media["onboarding-video"].url);
    expect(show.tutorial_captions_url).toBe(show.media["tutorial-captions"].url);
    // /brand/logo and /brand/landing serve the uploads.
    const logo = await fetch(`${server.url}/brand/logo`);
    expect([logo.headers.get("content-type"), await logo.text()]).toEqual(["image/svg+xml", SVG]);
    expect(logo.headers.get("content-security-policy")).toContain("sandbox");
    expect((await fetch(`${server.url}/brand/landing`)).headers.get("content-type")).toBe("image/png");
    const entries = await auditRows(server, "show.media");
    expect(entries.map((e) => e.detail.slot)).toEqual(uploads.map(([slot]) => slot));
    expect(entries[0]!.detail).toMatchObject({ slot: "onboarding-video", before: null, after: { type: "video/mp4" } });
  });

  test("captions carry the language the admin names (the server's default when none), for the player's track", async () => {
    const german = await startTestServer({ DEFAULT_LANGUAGE: "de" });
    try {
      const chief = await adminActor(german.url);
      const show = async () => (await (await fetch(`${german.url}/api/show`)).json()) as Json;
      expect((await show()).onboarding_captions_language).toBe("en"); // the built-in captions
      const french = await chief.put("/api/show/media/onboarding-captions", form({ language: "FR-ca" }, { file: file(VTT, "briefing.fr.vtt") }));
      expect(french.status).toBe(200);
      const saved = (await french.json()) as Json;
      expect([saved.onboarding_captions_language, saved.media["onboarding-captions"].language]).toEqual(["fr-CA", "fr-CA"]);
      expect((await fetch(german.url + saved.onboarding_captions_url)).headers.get("content-language")).toBe("fr-CA");
      expect((await auditRows(german, "show.media")).at(-1)!.detail.after).toMatchObject({ language: "fr-CA" });
      // Without one: the server's default language; so too for captions uploaded before the language was asked.
      const plain = (await (await chief.put("/api/show/media/tutorial-captions", form({}, { file: file(VTT, "c.vtt") }))).json()) as Json;
      expect(plain.tutorial_captions_language).toBe("de");
      await german.ctx.db.$client.execute("update show_media set language = null where slot = 'onboarding-captions'");
      await chief.put("/api/show", { ticket_warning: "Bring your ticket." }); // a new version: the show is read again
      expect((await show()).onboarding_captions_language).toBe("de");

      // Refused before anything is stored: not a language, far too long, or a language for a file that has none.
      const before = await show();
      const refusals: [string, Record<string, string>, File, string][] = [
        ["onboarding-captions", { language: "not a language" }, file(VTT, "c.vtt"), "The language must be a language tag such as fr or pt-BR."],
        ["onboarding-captions", { language: `en-${"abcdefgh-".repeat(5)}x` }, file(VTT, "c.vtt"), "The language must be a language tag such as fr or pt-BR."],
        ["logo", { language: "fr" }, file(SVG, "logo.svg"), "Only captions have a language, not the logo."],
      ];
      for (const [slot, fields, sent, message] of refusals) {
        const response = await chief.put(`/api/show/media/${slot}`, form(fields, { file: sent }));
        expect([slot, response.status, (await response.json()).message]).toEqual([slot, 400, message]);
      }
      const after = await show();
      expect([after.version, after.media]).toEqual([before.version, before.media]);
      expect((await german.ctx.db.$client.execute("select count(*) from show_media")).rows[0]![0]).toBe(2);
    } finally {
      await german.stop();
    }
  });

  test("a video is sought with Range requests", async () => {
    const show = (await (await fetch(`${server.url}/api/show`)).json()) as Json;
    const part = await fetch(server.url + show.onboarding_video_url, { headers: { range: "bytes=0-9" } });
    expect([part.status, (await part.arrayBuffer()).byteLength]).toEqual([206, 10]);
  });

  test("the wrong kind of file is refused with 415, a too large one with 413, a missing one with 400", async () => {
    const refusals: [string, File, number, string][] = [
      ["onboarding-video", await fixture("voice.m4a"), 415, "The onboarding-video must be an MP4 or WebM video."],
      ["onboarding-video", await fixture("clip.mov"), 415, "The onboarding-video must be an MP4 or WebM video."],
      ["tutorial-captions", file("1\n00:00:00,000 --> 00:00:01,000\nSRT, not WebVTT\n", "t.srt"), 415, "The tutorial-captions must be a WebVTT file (UTF-8 text starting with WEBVTT)."],
      ["onboarding-captions", file(new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]), "bad.vtt"), 415, "The onboarding-captions must be a WebVTT file (UTF-8 text starting with WEBVTT)."],
      ["onboarding-captions", file(`WEBVTT\n\n${"x".repeat(600 * 1024)}`, "big.vtt"), 413, "The onboarding-captions file can be at most 524 KB."],
      ["logo", await fixture("clip.mp4"), 415, "The logo must be a PNG, JPEG, WebP or SVG image."],
      ["logo", file("<html><script>alert(1)</script></html>", "logo.svg"), 415, "The logo must be a PNG, JPEG, WebP or SVG image."],
      ["landing-image", file(new Uint8Array(6 * 1024 * 1024), "huge.png"), 413, "The landing-image file can be at most 5.2 MB."],
      ["tutorial-video", file(new Uint8Array(3 * 1024 * 1024), "huge.mp4"), 413, "The tutorial-video file can be at most 2.1 MB."],
    ];
    const before = (await (await fetch(`${server.url}/api/show`)).json()).version;
    for (const [slot, sent, status, message] of refusals) {
      const response = await admin.put(`/api/show/media/${slot}`, form({}, { file: sent }));
      expect([slot, response.status, (await response.json()).message]).toEqual([slot, status, message]);
    }
    const none = await admin.put("/api/show/media/logo", form({ note: "no file" }));
    expect([none.status, (await none.json()).message]).toEqual([400, "Choose a file to upload (the form field is named file)."]);
    expect((await admin.put("/api/show/media/banner", form({}, { file: file(SVG, "b.svg") }))).status).toBe(404);
    expect((await (await fetch(`${server.url}/api/show`)).json()).version).toBe(before);
  });

  test("a large video may come as a finished resumable upload, which is used once", async () => {
    const video = await videoOfSize(300 * 1024);
    const { location } = await createUpload(admin, video.length, "briefing.mp4");
    const id = location.split("/").pop()!;
    const early = await admin.put("/api/show/media/tutorial-video", form({ upload: id }));
    expect([early.status, (await early.json()).message]).toEqual([409, "The upload is not finished yet."]);
    await resume(admin, location, video);
    const done = await admin.put("/api/show/media/tutorial-video", form({ upload: id }));
    expect(done.status).toBe(200);
    const state = ((await done.json()) as Json).media["tutorial-video"];
    expect(state).toMatchObject({ type: "video/mp4", size: video.length });
    expect(new Uint8Array(await (await fetch(server.url + state.url)).arrayBuffer())).toEqual(video);
    expect((await admin.put("/api/show/media/tutorial-video", form({ upload: id }))).status).toBe(404);
    // Someone else's upload is not found either.
    const other = await newParticipant(server.url);
    const theirs = (await createUpload(other.actor, video.length)).location.split("/").pop()!;
    expect((await admin.put("/api/show/media/tutorial-video", form({ upload: theirs }))).status).toBe(404);
  });

  test("a replaced file stays at its old address (a briefing in progress finishes); DELETE restores the default", async () => {
    const first = (await (await fetch(`${server.url}/api/show`)).json()).media["onboarding-video"].url;
    const replaced = (await (await admin.put("/api/show/media/onboarding-video", form({}, { file: await fixture("clip.webm") }))).json()) as Json;
    expect(replaced.onboarding_video_url).not.toBe(first);
    expect(replaced.onboarding_video_sources).toEqual([{ url: replaced.onboarding_video_url, type: "video/webm" }]);
    const old = await fetch(server.url + first);
    expect([old.status, old.headers.get("content-type")]).toEqual([200, "video/mp4"]);

    const restored = (await (await admin.delete("/api/show/media/onboarding-video")).json()) as Json;
    expect(restored.media["onboarding-video"]).toEqual({ default: true });
    expect(restored.onboarding_video_url).toBe("/onboarding.mp4");
    expect((await fetch(server.url + replaced.onboarding_video_url)).status).toBe(200);
    const last = (await auditRows(server, "show.media")).at(-1)!;
    expect(last.detail).toMatchObject({ slot: "onboarding-video", before: { type: "video/webm" }, after: null });
    // Nothing to restore: no change, no entry.
    const count = (await auditRows(server, "show.media")).length;
    expect((await admin.delete("/api/show/media/onboarding-video")).status).toBe(200);
    expect(await auditRows(server, "show.media")).toHaveLength(count);
 
    // Six hours after it was replaced a file is no longer served (issue 42: it was, until the next change of a slot)…
    const stale = (await server.ctx.db.$client.execute({ sql: "select store_key from show_media where id = ?", args: [Number(first.split("/").pop().split("-")[0])] })).rows[0]!;
    await server.ctx.db.$client.execute("update show_media set replaced_at = '2000-01-01T00:00:00.000Z' where replaced_at is not null");
    const expired = await fetch(server.url + first);
    expect([expired.status, await expired.json()]).toEqual([404, { message: "Not found.", code: "not_found" }]);
    // …and goes, with its bytes, at the next change of any slot.
    expect((await admin.put("/api/show/media/logo", form({}, { file: file(SVG, "logo.svg") }))).status).toBe(200);
    expect((await fetch(server.url + first)).status).toBe(404);
    expect(await Bun.file(path.join(server.uploadsDir, String(stale.store_key))).exists()).toBe(false);
  });
});
