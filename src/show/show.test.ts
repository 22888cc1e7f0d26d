/** The show's content over HTTP: defaults, every field and slot, roles, audit, versioned media and the briefing reset. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Actor, adminActor, cast, fixture, form, latestMailedCode, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { createUpload, resume, videoOfSize } from "../../tests/support/tus";
import { DEFAULT_FAQ, DEFAULT_INSTRUCTIONS, defaultText, SHOW_FIELD_NAMES } from "./show-schema";

type Json = Record<string, any>;

const auditRows = async (server: TestServer, action: string) =>
  (await server.ctx.db.$client.execute({ sql: "select actor_name, target_type, target_id, detail from audit_log where action = ? order by id", args: [action] })).rows.map(
    (r) => ({ actor: r.actor_name, targetType: r.target_type, targetId: r.target_id, detail: JSON.parse(r.detail as string) }),
  );

const file = (bytes: string | Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name);
const VTT = "WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome, informant.\n";
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>';

describe("a fresh install, nothing set in the environment", () => {
  let server: TestServer;
  let people: Awaited<ReturnType<typeof cast>>;
  beforeAll(async () => {
    server = await startTestServer({ PROJECT_NAME: "" });
    people = await cast(server.url);
  });
  afterAll(() => server.stop());

  test("GET /api/show is exactly the spec's and the app's built-in texts and media, with nothing locked", async () => {
    const show = (await (await fetch(`${server.url}/api/show`)).json()) as Json;
    for (const field of SHOW_FIELD_NAMES) expect(show[field]).toEqual(defaultText()[field]);
    expect(show).toMatchObject({
      version: 0,
      briefing_version: 0,
      project_name: "casefile",
      ticket_warning: "(Do NOT register for an account unless you have a ticket)",
      spy_link_text: "CLICK HERE TO SPY ON",
      accent_color: "#b3261e",
      on_accent: "#ffffff",
      onboarding_video_url: "/onboarding.mp4",
      onboarding_captions_url: "/onboarding.vtt",
      tutorial_video_url: "/tutorial.mp4",
      tutorial_captions_url: "/tutorial.vtt",
      logo_url: "/brand/logo",
      landing_image_url: "/brand/landing",
      locked: {},
      customised: [],
    });
    expect(show.instructions).toHaveLength(3);
    expect(show.instructions[1]).toContain("meet at the downtown street corner of Main Street and 5th Avenue");
    expect(show.faq.map((item: Json) => item.question)).toEqual([
      "When is my appointment?",
      "Where do I meet?",
      "What if the weather is bad?",
      "What if my call drops?",
      "Will I be paid?",
      "How do I upload evidence?",
    ]);
    expect(show.archive_intro[0]).toStartWith("This is the public archive of casefile.");
    expect(show.onboarding_video_sources).toEqual([
      { url: "/onboarding.webm", type: "video/webm" },
      { url: "/onboarding.mp4", type: "video/mp4" },
    ]);
    for (const slot of ["onboarding-video", "onboarding-captions", "tutorial-video", "tutorial-captions", "logo", "landing-image"]) {
      expect(show.media[slot]).toEqual({ default: true });
    }
  });

  test("the web app's texts are the same as the defaults (one source of the words)", async () => {
    const help = await readFile(path.join(import.meta.dir, "../../web/screens/HelpScreen.tsx"), "utf8");
    const landing = await readFile(path.join(import.meta.dir, "../../web/features/landing/Instructions.tsx"), "utf8");
    // Until the web reads /api/show everywhere, its built-in copies must not drift from the server's defaults.
    for (const { question } of DEFAULT_FAQ) if (help.includes("const FAQ")) expect(help).toContain(question);
    for (const step of DEFAULT_INSTRUCTIONS) if (landing.includes("const STEPS")) expect(landing).toContain(step);
  });

  test("visitors get 401 and participants 403 on every change; nothing is written", async () => {
    const calls: [string, string, unknown][] = [
      ["PUT", "/api/show", { project_name: "Stolen" }],
      ["PUT", "/api/show/media/logo", form({}, { file: file(SVG, "logo.svg") })],
      ["DELETE", "/api/show/media/logo", undefined],
      ["GET", "/api/show/briefing-reset", undefined],
      ["POST", "/api/show/briefing-reset", { confirm: 0 }],
      ["GET", "/api/show/warnings", undefined],
    ];
    for (const [method, route, body] of calls) {
      expect([route, (await people.visitor.request(method, route, body)).status]).toEqual([route, 401]);
      expect([route, (await people.owner.actor.request(method, route, body)).status]).toEqual([route, 403]);
    }
    expect((await (await fetch(`${server.url}/api/show`)).json()).version).toBe(0);
  });

  const valid: Record<string, unknown> = {
    project_name: "The Harbour Files",
    accent_color: "#1D4ED8",
    spy_url: "https://harbour.example/watch",
    spy_link_text: "WATCH THE HARBOUR:",
    ticket_warning: "Only with a ticket from the box office.",
    landing_eyebrow: "An investigation on the water",
    landing_text: "Register, watch the *briefing*, then send what you find.",
    landing_archive_text: "The harbour investigation is closed.",
    instructions_title: "Your night at the harbour",
    instructions: ["Meet at **Pier 4** at 9 pm.", "Bring a torch."],
    faq: [{ question: "Is it wet?", answer: "Yes. Bring [boots](https://boots.example)." }],
    archive_intro: ["What the informants found at the harbour."],
    reset_mail_subject: "{code}: your code for {project}",
    reset_mail_note: "",
  };
  const invalid: [string, unknown, string][] = [
    ["project_name", "", "project_name must be 1–80 characters."],
    ["project_name", "x".repeat(81), "project_name must be 1–80 characters."],
    ["accent_color", "red", "accent_color must be a colour written #rrggbb."],
    ["accent_color", "#12345", "accent_color must be a colour written #rrggbb."],
    ["spy_url", "javascript:alert(1)", "spy_url must be an http:// or https:// address."],
    ["spy_url", "not a url", "spy_url must be an http:// or https:// address."],
    ["spy_link_text", 42, "spy_link_text must be text."],
    ["ticket_warning", "x".repeat(301), "ticket_warning must be at most 300 characters."],
    ["landing_eyebrow", "bell\u0007", "landing_eyebrow must not contain control characters."],
    ["landing_text", "x".repeat(1001), "landing_text must be at most 1000 characters."],
    ["landing_archive_text", ["a"], "landing_archive_text must be text."],
    ["instructions_title", " ", "instructions_title must be 1–80 characters."],
    ["instructions", [], "instructions must have 1–10 paragraphs."],
    ["instructions", ["ok", ""], "instructions paragraph 2 must be 1–2000 characters."],
    ["instructions", "one", "instructions must be a list of paragraphs."],
    ["faq", [{ question: "Q?" }], "faq item 1: the answer must be text."],
    ["faq", [{ question: "", answer: "A" }], "faq item 1: the question must be 1–200 characters."],
    ["faq", [{ question: "Q?", answer: "A", extra: 1 }], "faq item 1 must have only a question and an answer."],
    ["archive_intro", Array(21).fill("p"), "archive_intro must have 1–20 paragraphs."],
    ["reset_mail_subject", "Your code", "reset_mail_subject must contain {code}, where the reset code goes."],
    ["reset_mail_note", "x".repeat(501), "reset_mail_note must be at most 500 characters."],
    ["colour", "#ffffff", "colour is not a field of the show."],
  ];

  test("each bad value is refused with a 400 naming the field, and nothing of the request is saved", async () => {
    for (const [field, value, message] of invalid) {
      const response = await people.admin.put("/api/show", { ticket_warning: "Saved?", [field]: value });
      expect([field, response.status, (await response.json()).message]).toEqual([field, 400, message]);
    }
    const show = (await (await fetch(`${server.url}/api/show`)).json()) as Json;
    expect(show.ticket_warning).toBe(defaultText().ticket_warning);
    expect(await auditRows(server, "show.update")).toEqual([]);
  });

  test("every field saves, is served to everyone and is audited with its before and after", async () => {
    for (const [field, value] of Object.entries(valid)) {
      const response = await people.admin.put("/api/show", { [field]: value });
      expect([field, response.status]).toEqual([field, 200]);
    }
    const show = (await (await fetch(`${server.url}/api/show`)).json()) as Json;
    for (const [field, value] of Object.entries(valid)) expect([field, show[field]]).toEqual([field, field === "accent_color" ? "#1d4ed8" : value]);
    expect(show.version).toBe(Object.keys(valid).length);
    expect(show.on_accent).toBe("#ffffff");
    expect(show.customised.sort()).toEqual(Object.keys(valid).sort());
    const entries = await auditRows(server, "show.update");
    expect(entries).toHaveLength(Object.keys(valid).length);
    expect(entries[0]).toEqual({
      actor: "admin",
      targetType: "show",
      targetId: 1,
      detail: { project_name: { before: "casefile", after: "The Harbour Files" } },
    });
    expect(entries.find((e) => "faq" in e.detail)!.detail.faq).toEqual({ before: DEFAULT_FAQ, after: valid.faq });
    // Saving the same values again changes nothing and records nothing.
    expect((await people.admin.put("/api/show", valid)).status).toBe(200);
    expect(await auditRows(server, "show.update")).toHaveLength(Object.keys(valid).length);
  });

  test("/api/config, /theme.css and the reset mail follow the show", async () => {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as Json;
    expect(config).toMatchObject({
      projectName: "The Harbour Files",
      spyUrl: "https://harbour.example/watch",
      accentColor: "#1d4ed8",
      archiveIntro: ["What the informants found at the harbour."],
      logoUrl: "/brand/logo",
    });
    expect(await (await fetch(`${server.url}/theme.css`)).text()).toContain("--accent:#1d4ed8");
    await people.visitor.post("/api/email/send", ["123456", people.owner.fields.email]);
    const outbox = server.outboxDir;
    const names = (await readdir(outbox)).filter((n) => n.endsWith(".eml")).sort();
    const mail = await readFile(path.join(outbox, names.at(-1)!), "utf8");
    const code = await latestMailedCode(outbox);
    expect(mail).toContain(`Subject: ${code}: your code for The Harbour Files`);
    expect(mail).not.toContain("If you did not ask");
  });

  test("null returns a field to its default, and the archive introduction's default follows the name", async () => {
    const response = await people.admin.put("/api/show", { archive_intro: null, instructions: null });
    const show = (await response.json()) as Json;
    expect(show.instructions).toEqual(DEFAULT_INSTRUCTIONS);
    expect(show.archive_intro[0]).toStartWith("This is the public archive of The Harbour Files.");
    expect(show.customised).not.toContain("instructions");
    const renamed = (await (await people.admin.put("/api/show", { project_name: null })).json()) as Json;
    expect([renamed.project_name, renamed.archive_intro[0]]).toEqual(["casefile", defaultText().archive_intro[0]]);
  });

  test("markup in a text is kept as the admin wrote it and sent as JSON text: the server renders nothing", async () => {
    const hostile = 'Hello <img src=x onerror="alert(1)"> [click](javascript:alert(2)) <script>alert(3)</script>';
    const saved = await people.admin.put("/api/show", { landing_text: hostile, faq: [{ question: "<b>Q</b>", answer: hostile }] });
    expect(saved.headers.get("content-type")).toStartWith("application/json");
    const show = (await (await fetch(`${server.url}/api/show`)).json()) as Json;
    expect([show.landing_text, show.faq[0].question, show.faq[0].answer]).toEqual([hostile, "<b>Q</b>", hostile]);
  });

  test("an ETag answers 304 until the show changes", async () => {
    const first = await fetch(`${server.url}/api/show`);
    const etag = first.headers.get("etag")!;
    expect((await fetch(`${server.url}/api/show`, { headers: { "if-none-match": etag } })).status).toBe(304);
    await people.admin.put("/api/show", { landing_eyebrow: "Changed" });
    expect((await fetch(`${server.url}/api/show`, { headers: { "if-none-match": etag } })).status).toBe(200);
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
      expect(state.url).toMatch(new RegExp(`^/show-media/${slot}/\\d+$`));
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
      ["onboarding-captions", file(`WEBVTT\n\n${"x".repeat(600 * 1024)}`, "big.vtt"), 413, "The onboarding-captions file can be at most 512 KB."],
      ["logo", await fixture("clip.mp4"), 415, "The logo must be a PNG, JPEG, WebP or SVG image."],
      ["logo", file("<html><script>alert(1)</script></html>", "logo.svg"), 415, "The logo must be a PNG, JPEG, WebP or SVG image."],
      ["landing-image", file(new Uint8Array(6 * 1024 * 1024), "huge.png"), 413, "The landing-image file can be at most 5 MB."],
      ["tutorial-video", file(new Uint8Array(3 * 1024 * 1024), "huge.mp4"), 413, "The tutorial-video file can be at most 2 MB."],
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
 
    // Six hours after it was replaced a file goes, with its bytes, at the next change of any slot.
    const stale = (await server.ctx.db.$client.execute({ sql: "select store_key from show_media where id = ?", args: [Number(first.split("/").pop())] })).rows[0]!;
    await server.ctx.db.$client.execute("update show_media set replaced_at = '2000-01-01T00:00:00.000Z' where replaced_at is not null");
    expect((await admin.put("/api/show/media/logo", form({}, { file: file(SVG, "logo.svg") }))).status).toBe(200);
    expect((await fetch(server.url + first)).status).toBe(404);
    expect(await Bun.file(path.join(server.uploadsDir, String(stale.store_key))).exists()).toBe(false);
  });
});

describe("the briefing", () => {
  let server: TestServer;
  let admin: Actor;
  beforeAll(async () => {
    server = await startTestServer({ PROJECT_NAME: "" });
    admin = await adminActor(server.url);
  });
  afterAll(() => server.stop());

  test("a new briefing video leaves who has watched alone; only the confirmed reset asks everyone again", async () => {
    const watched = [await newParticipant(server.url), await newParticipant(server.url)];
    const notYet = await newParticipant(server.url);
    for (const p of watched) expect((await p.actor.put(`/api/user/watched/${p.user.id}`)).status).toBe(200);

    expect((await admin.put("/api/show/media/onboarding-video", form({}, { file: await fixture("clip.mp4") }))).status).toBe(200);
    for (const p of watched) expect((await (await p.actor.get("/api/user")).json()).video_watched).toBe(true);

    expect(await (await admin.get("/api/show/briefing-reset")).json()).toEqual({ participants: 2 });
    const stale = await admin.post("/api/show/briefing-reset", { confirm: 5 });
    expect([stale.status, await stale.json()]).toEqual([
      409,
      { message: "The number of participants changed: 2 would now watch the briefing again. Please confirm again.", code: "conflict", participants: 2 },
    ]);
    expect((await admin.post("/api/show/briefing-reset", { confirm: "all" })).status).toBe(400);

    const reset = await admin.post("/api/show/briefing-reset", { confirm: 2 });
    expect([reset.status, await reset.json()]).toEqual([200, { participants: 2, briefing_version: 1 }]);
    for (const p of [...watched, notYet]) expect((await (await p.actor.get("/api/user")).json()).video_watched).toBe(false);
    // Admins never have to watch again.
    expect((await (await admin.get("/api/user")).json()).video_watched).toBe(true);
    expect((await auditRows(server, "show.briefing_reset")).map((e) => e.detail)).toEqual([{ participants: 2 }]);
    expect((await (await fetch(`${server.url}/api/show`)).json()).briefing_version).toBe(1);
  });

  test("warnings name what the operator should still do, and go once resolved", async () => {
    const codes = async () => ((await (await admin.get("/api/show/warnings")).json()) as Json).warnings.map((w: Json) => w.code);
    expect(await codes()).toEqual(["plain-http", "default-instructions", "default-spy-url"]);
    await admin.delete("/api/show/media/onboarding-video");
    expect(await codes()).toContain("default-briefing");
    await admin.put("/api/show", { instructions: ["Meet at Pier 4."], spy_url: "https://harbour.example/" });
    expect(await codes()).toEqual(["plain-http", "default-briefing"]);
  });
});

describe("fields set by the environment", () => {
  let server: TestServer;
  let admin: Actor;
  beforeAll(async () => {
    const dir = path.join(import.meta.dir, "../../tests/fixtures");
    const intro = path.join(await mkdtemp(path.join(tmpdir(), "casefile-intro-")), "intro.txt");
    await writeFile(intro, "Set by the operator.\n");
    server = await startTestServer({
      PROJECT_NAME: "Env Show",
      ACCENT_COLOR: "#FFD400",
      SPY_URL: "https://env.example/",
      LOGO_FILE: path.join(dir, "photo.png"),
      LANDING_IMAGE_FILE: path.join(dir, "photo.jpg"),
      ARCHIVE_INTRO_FILE: intro,
    });
    admin = await adminActor(server.url);
  });
  afterAll(() => server.stop());

  test("are served, shown as locked by their variable, and refused with 409 naming it", async () => {
    const show = (await (await fetch(`${server.url}/api/show`)).json()) as Json;
    expect(show).toMatchObject({ project_name: "Env Show", accent_color: "#ffd400", on_accent: "#111111", spy_url: "https://env.example/" });
    expect(show.locked).toEqual({
      project_name: "PROJECT_NAME",
      accent_color: "ACCENT_COLOR",
      spy_url: "SPY_URL",
      archive_intro: "ARCHIVE_INTRO_FILE",
      logo: "LOGO_FILE",
      "landing-image": "LANDING_IMAGE_FILE",
    });
    expect(show.media.logo).toEqual({ default: false });
    const locked: [string, unknown, string][] = [
      ["project_name", "Browser Show", "PROJECT_NAME"],
      ["accent_color", "#000000", "ACCENT_COLOR"],
      ["spy_url", "https://browser.example/", "SPY_URL"],
      ["archive_intro", ["Browser intro."], "ARCHIVE_INTRO_FILE"],
    ];
    for (const [field, value, variable] of locked) {
      const response = await admin.put("/api/show", { [field]: value });
      expect([response.status, (await response.json()).message]).toEqual([
        409,
        `${field} is set by the server's configuration (${variable}) and cannot be changed here.`,
      ]);
    }
    for (const [slot, variable] of [["logo", "LOGO_FILE"], ["landing-image", "LANDING_IMAGE_FILE"]] as const) {
      const put = await admin.put(`/api/show/media/${slot}`, form({}, { file: file(SVG, "x.svg") }));
      expect([put.status, (await put.json()).message]).toEqual([409, `${slot} is set by the server's configuration (${variable}) and cannot be changed here.`]);
      expect((await admin.delete(`/api/show/media/${slot}`)).status).toBe(409);
    }
    // The other fields stay editable.
    expect((await admin.put("/api/show", { ticket_warning: "Tickets at the door." })).status).toBe(200);
    expect((await fetch(`${server.url}/brand/logo`)).headers.get("content-type")).toBe("image/png");
  });
});
