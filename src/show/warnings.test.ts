/** The set-up checklist: rows for what fails silently, each a link; acknowledgements shared by every instance; the test mail. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { adminActor, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { auditRows, type Json } from "./show-test-support";
import { DEFAULT_FAQ, DEFAULT_INSTRUCTIONS } from "./show-schema";
import { BUILT_IN_DETAILS } from "./warnings";

const rows = async (admin: Awaited<ReturnType<typeof adminActor>>) => ((await (await admin.get("/api/show/warnings")).json()) as Json).warnings as Json[];
const row = (list: Json[], code: string) => list.find((warning) => warning.code === code);
const codes = (list: Json[]) => list.map((warning) => warning.code);

describe("a fresh install: no SMTP, no backups, the built-in texts", () => {
  let server: TestServer;
  let second: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await second?.stop();
    await server.stop();
  });

  test("lists mail, backups, HTTPS, the placeholders and every built-in detail, each with where it is fixed", async () => {
    const list = await rows(await adminActor(server.url));
    expect(codes(list)).toEqual([
      "plain-http", "no-mail", "backups-off", "default-briefing", "default-tutorial", "default-instructions",
      "built-in-meeting-place", "default-privacy-contact", "default-spy-url", "redaction-optional",
    ]);
    expect(row(list, "no-mail")).toEqual({
      code: "no-mail",
      message: expect.stringContaining("reset codes are not sent"),
      href: "/admin/server",
      restart: "SMTP_URL",
      acknowledged: false,
    });
    expect(row(list, "backups-off")).toMatchObject({ restart: "BACKUP_DIR", acknowledged: false });
    expect(row(list, "plain-http")).toMatchObject({ restart: "TLS", href: "/admin/server" });
    expect(row(list, "default-tutorial")).toMatchObject({ href: "/admin/show#show-media" });
    // The meeting place is in the instructions AND in FAQ answer 2.
    expect(row(list, "built-in-meeting-place")).toMatchObject({ params: { fields: "instructions, faq" }, href: "/admin/show#show-instructions" });
    expect(row(list, "default-privacy-contact")).toMatchObject({ params: { fields: "privacy_notice" }, href: "/admin/show#show-privacy" });
  });

  test("changing the instructions alone does not clear the meeting place while the FAQ still names it", async () => {
    const admin = await adminActor(server.url);
    const own = [DEFAULT_INSTRUCTIONS[0]!, "Wait at the fountain in the Old Market.", DEFAULT_INSTRUCTIONS[2]!];
    expect((await admin.put("/api/show", { instructions: own })).status).toBe(200);
    let list = await rows(admin);
    expect(codes(list)).not.toContain("default-instructions");
    expect(row(list, "built-in-meeting-place")).toMatchObject({ params: { fields: "faq" }, href: "/admin/show#show-faq" });

    const faq = DEFAULT_FAQ.map((item, index) => (index === 1 ? { ...item, answer: "At the fountain in the Old Market." } : item));
    expect((await admin.put("/api/show", { faq })).status).toBe(200);
    list = await rows(admin);
    expect(codes(list)).not.toContain("built-in-meeting-place");
  });

  test("a translation the operator wrote that still names the built-in place keeps the row, naming field and language", async () => {
    const admin = await adminActor(server.url);
    expect(codes(await rows(admin))).not.toContain("built-in-meeting-place");
    const faq = DEFAULT_FAQ.map((_, index) => (index === 1 ? { question: null, answer: "Au coin de Main Street, en centre-ville : attendez-y notre appel." } : null));
    expect((await admin.put("/api/show?language=fr", { faq })).status).toBe(200);
    expect(row(await rows(admin), "built-in-meeting-place")).toMatchObject({
      params: { fields: "faq (fr)" },
      message: expect.stringContaining("is still in: faq (fr)."),
      href: "/admin/show#show-faq",
    });
    // The privacy notice as the shipped German reads (an operator's copy): its contact is still the built-in one.
    const privacy = await admin.put("/api/show?language=de", { privacy_notice: "Schreiben Sie uns (die Adresse steht auf Ihrem Ticket)." });
    expect(privacy.status).toBe(200);
    expect(row(await rows(admin), "default-privacy-contact")).toMatchObject({ params: { fields: "privacy_notice, privacy_notice (de)" } });

    faq[1] = { question: null, answer: "Devant la fontaine du Vieux Marché : attendez-y notre appel." };
    expect((await admin.put("/api/show?language=fr", { faq })).status).toBe(200);
    expect(codes(await rows(admin))).not.toContain("built-in-meeting-place");
  });

  test("each built-in detail is searched for as every shipped catalog words it", async () => {
    const notices = await Promise.all(["en", "fr", "de", "es", "ar"].map(async (code) => ((await import(`../../locales/${code}.json`)) as Record<string, string>)["show.privacy_notice"]!));
    const contact = BUILT_IN_DETAILS.find((detail) => detail.code === "default-privacy-contact")!.texts;
    for (const notice of notices) expect(contact.some((text) => notice.includes(text))).toBe(true);
    for (const code of ["en", "fr", "de", "es", "ar"]) {
      const catalog = (await import(`../../locales/${code}.json`)) as Record<string, string>;
      expect(catalog["show.faq.2.answer"]).toContain("Main Street");
    }
  });

  test("an acknowledged row stays listed, marked, on every instance of the database; only admins acknowledge", async () => {
    const admin = await adminActor(server.url);
    const participant = await newParticipant(server.url);
    const put = (code: string, body: unknown, actor = admin) => actor.put(`/api/show/warnings/${code}/acknowledged`, body);
    expect((await put("plain-http", { acknowledged: true }, participant.actor)).status).toBe(403);
    expect((await participant.actor.get("/api/show/warnings")).status).toBe(403);
    expect((await put("no-such-thing", { acknowledged: true })).status).toBe(404);
    const bad = await put("plain-http", { acknowledged: "yes" });
    expect([bad.status, (await bad.json()).message]).toEqual([400, "acknowledged must be true or false."]);
    expect(await auditRows(server, "show.warning-acknowledged")).toEqual([]);

    const answer = await put("plain-http", { acknowledged: true });
    expect(answer.status).toBe(200);
    expect(row(((await answer.json()) as Json).warnings, "plain-http")).toMatchObject({ acknowledged: true });
    expect((await put("plain-http", { acknowledged: true })).status).toBe(200);
    // A second instance on the same database file agrees at once.
    second = await startTestServer({ DATABASE_URL: `file:${path.join(server.dataDir, "casefile.db")}` });
    const there = await rows(await adminActor(second.url));
    expect(row(there, "plain-http")).toMatchObject({ acknowledged: true });
    expect(row(there, "no-mail")).toMatchObject({ acknowledged: false });

    expect((await put("plain-http", { acknowledged: false })).status).toBe(200);
    expect(row(await rows(await adminActor(second.url)), "plain-http")).toMatchObject({ acknowledged: false });
    // Twice acknowledged records once; each change names the code.
    expect((await auditRows(server, "show.warning-acknowledged")).map((entry) => entry.detail)).toEqual([
      { code: "plain-http", acknowledged: true },
      { code: "plain-http", acknowledged: false },
    ]);
  });

  test("without SMTP there is no test mail to send", async () => {
    const response = await (await adminActor(server.url)).post("/api/show/warnings/test-mail");
    expect([response.status, (await response.json()).code]).toEqual([409, "mail.not_configured"]);
    expect(await auditRows(server, "show.test-mail")).toEqual([]);
  });
});

describe("with SMTP_URL and BACKUP_DIR set", () => {
  let smtp: SMTPServer;
  let server: TestServer;
  const received: string[][] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, done) {
        stream.on("data", () => {});
        stream.on("end", () => {
          received.push(session.envelope.rcptTo.map((r) => r.address));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, BACKUP_DIR: "/tmp/casefile-warnings-backups" });
  });
  afterAll(async () => {
    await server.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test("mail is a row until a test mail to the admin's own address went out (audited); backups are no row", async () => {
    const admin = await adminActor(server.url);
    let list = await rows(admin);
    expect(codes(list)).not.toContain("no-mail");
    expect(codes(list)).not.toContain("backups-off");
    expect(row(list, "mail-untested")).toMatchObject({ action: "test-mail", acknowledged: false });
    const sent = await admin.post("/api/show/warnings/test-mail");
    expect(sent.status).toBe(200);
    const body = (await sent.json()) as Json;
    expect(body.to).toBe("admin@example.org");
    expect(codes(body.warnings)).not.toContain("mail-untested");
    expect(received).toEqual([["admin@example.org"]]);
    expect((await auditRows(server, "show.test-mail")).map((entry) => entry.detail)).toEqual([{ to: "admin@example.org", sent: true }]);
    list = await rows(admin);
    expect(codes(list)).not.toContain("mail-untested");
    expect(((await (await fetch(`${server.url}/api/config`)).json()) as Json).mailConfigured).toBe(true);
  });
});
