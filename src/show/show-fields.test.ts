/** The show's texts over HTTP on a fresh install: defaults, every field, roles, audit, and what follows the show. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { cast, form, latestMailedCode } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { DEFAULT_FAQ, DEFAULT_INSTRUCTIONS, defaultText, SHOW_FIELD_NAMES } from "./show-schema";
import { auditRows, file, type Json, SVG } from "./show-test-support";

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
    // Issue 42: names of the prototype chain are not fields, and a link is one line (the URL parser drops line breaks).
    ["constructor", "x", "constructor is not a field of the show."],
    ["toString", { a: 1 }, "toString is not a field of the show."],
    ["__proto__", { spy_url: "https://evil.example" }, "__proto__ is not a field of the show."],
    ["spy_url", "https://harbour.example/\nwatch", "spy_url must be one address, without spaces or line breaks."],
    ["spy_url", "https://harbour.example/ watch", "spy_url must be one address, without spaces or line breaks."],
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
