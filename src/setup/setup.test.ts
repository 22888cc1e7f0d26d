/** The first admin in the browser: the one-time token, once, only while no admin exists, rate-limited and audited. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Actor, fixture, form, registrationFields } from "../../tests/support/client";
import { MESSAGES } from "../users/validation";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { startReport, phoneAddresses } from "../cli/start-report";

const NO_ADMIN = { ADMIN_USERNAME: "", ADMIN_EMAIL: "", ADMIN_PASSWORD: "" };
const FIRST = { username: "curator", full_name: "Ada Curator", email: "ada@gallery.example", phone_number: "5550001111", password: "harbour-nights" };

describe("with no admin and no ADMIN_* variables", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(NO_ADMIN);
  });
  afterAll(() => server.stop());

  test("the start makes a one-time token, stored only as its hash", async () => {
    expect(server.setupToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await server.ctx.db.$client.execute("select token_hash from setup_tokens");
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.token_hash)).not.toContain(server.setupToken!);
  });

  test("GET /api/setup says setup is needed and whether a token is the right one", async () => {
    expect(await (await fetch(`${server.url}/api/setup`)).json()).toEqual({ needed: true });
    expect(await (await fetch(`${server.url}/api/setup?token=${server.setupToken}`)).json()).toEqual({ needed: true, token_valid: true });
    expect(await (await fetch(`${server.url}/api/setup?token=guess`)).json()).toEqual({ needed: true, token_valid: false });
  });

  test("a wrong token or a bad field is refused, and nothing is made", async () => {
    const visitor = new Actor(server.url);
    const wrong = await visitor.post("/api/setup", { ...FIRST, token: "x".repeat(43) });
    expect([wrong.status, (await wrong.json()).message]).toEqual([403, "This setup address is not valid. Use the address the server printed at its last start."]);
    const short = await visitor.post("/api/setup", { ...FIRST, password: "short", token: server.setupToken });
    expect([short.status, (await short.json()).message]).toEqual([400, "Password must be at least 7 characters long"]);
    const phone = await visitor.post("/api/setup", { ...FIRST, phone_number: "555-000", token: server.setupToken });
    expect(phone.status).toBe(400);
    const { rows } = await server.ctx.db.$client.execute("select count(*) as n from users");
    expect(Number(rows[0]!.n)).toBe(0);
  });

  test("the right token makes the first admin, logs them in, and works only once", async () => {
    const browser = new Actor(server.url);
    const made = await browser.post("/api/setup", { ...FIRST, token: server.setupToken });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ username: "curator", role: 2, email: FIRST.email, video_watched: true });
    expect(await (await browser.get("/api/user")).json()).toMatchObject({ username: "curator", role: 2 });
    // The admin's session reaches admin routes.
    expect((await browser.get("/api/show/warnings")).status).toBe(200);

    const again = await new Actor(server.url).post("/api/setup", { ...FIRST, username: "second", email: "b@gallery.example", token: server.setupToken });
    expect([again.status, (await again.json()).message]).toEqual([409, "An admin already exists. Log in instead."]);
    expect(await (await fetch(`${server.url}/api/setup`)).json()).toEqual({ needed: false });
    const { rows } = await server.ctx.db.$client.execute("select actor_id, actor_name, action, target_type, target_id, detail from audit_log where action = 'setup.admin'");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_name).toBe("curator");
    expect(rows[0]!.actor_id).toBe(rows[0]!.target_id); // the new admin made themselves
    expect(JSON.parse(String(rows[0]!.detail))).toMatchObject({ username: { before: null, after: "curator" }, role: { after: 2 } });
  });

  test("the setup calls are rate-limited per address", async () => {
    const visitor = new Actor(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await visitor.post("/api/setup", { ...FIRST, token: "nope" })).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("attacks on the setup (issue 42)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(NO_ADMIN);
  });
  afterAll(() => server.stop());

  test("40 wrong tokens from the venue's one address do not lock out the holder of the right one there", async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) statuses.add((await new Actor(server.url).post("/api/setup", { ...FIRST, token: `guess-${i}` })).status);
    expect([...statuses]).toEqual([403, 429]);
    expect(await (await fetch(`${server.url}/api/setup?token=${server.setupToken}`)).json()).toEqual({ needed: true, token_valid: true });
    const made = await new Actor(server.url).post("/api/setup", { ...FIRST, username: "chief", email: "chief@gallery.example", token: server.setupToken });
    expect(made.status).toBe(201);
  });

  test("the admin made here has a look-alike skeleton: `сhіеf` in Cyrillic cannot register beside `chief`", async () => {
    const { rows } = await server.ctx.db.$client.execute("select username_skeleton from users where username = 'chief'");
    expect(rows[0]!.username_skeleton).toBeString();
    const { privacy_notice_version } = await (await fetch(`${server.url}/api/show`)).json();
    const fields = { privacy_consent: String(privacy_notice_version), ...registrationFields({ username: "сhіеf" }) };
    const registered = await new Actor(server.url).post("/api/user/register", form(fields, { verification_photo: await fixture("photo.jpg") }));
    expect([registered.status, (await registered.json()).message]).toEqual([409, MESSAGES.usernameLookAlike]);
  });
});

describe("with an admin from ADMIN_*", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  test("there is no setup address and no token to use", async () => {
    expect(server.setupToken).toBeUndefined();
    expect(await (await fetch(`${server.url}/api/setup?token=anything`)).json()).toEqual({ needed: false });
    const refused = await new Actor(server.url).post("/api/setup", { ...FIRST, token: "anything" });
    expect(refused.status).toBe(409);
  });
});

describe("the start log", () => {
  const ips = ["127.0.0.1", "::1", "192.168.1.20", "10.0.0.7", "2001:db8::5"];

  test("bound to all interfaces, it lists each address phones can use, never loopback", () => {
    expect(phoneAddresses("0.0.0.0", 3000, false, ips)).toEqual(["http://192.168.1.20:3000", "http://10.0.0.7:3000"]);
    expect(phoneAddresses("::", 8443, true, ips)).toEqual(["https://192.168.1.20:8443", "https://10.0.0.7:8443", "https://[2001:db8::5]:8443"]);
    expect(phoneAddresses("192.168.1.20", 3000, false, ips)).toEqual(["http://192.168.1.20:3000"]);
    expect(phoneAddresses("127.0.0.1", 3000, false, ips)).toEqual([]);
    expect(startReport({ host: "127.0.0.1", publicUrl: undefined }, { port: 3000, https: false, setupToken: undefined, warnings: [] }, ips)).toContain(
      "only this machine can open it (HOST=127.0.0.1); set HOST=0.0.0.0 for phones, or put a proxy in front",
    );
  });

  test("says how to make the first admin, what plain HTTP costs, and what is still the default", () => {
    const warnings = [
      { code: "no-admin", message: "No admin exists yet: …" },
      { code: "plain-http", message: "Plain HTTP: phones at a venue get no in-page camera or recorder …" },
      { code: "default-briefing", message: "The briefing video is the built-in placeholder: …" },
    ];
    const lines = startReport({ host: "0.0.0.0", publicUrl: undefined }, { port: 3000, https: false, setupToken: "TOKEN", warnings }, ips);
    const text = lines.join("\n");
    expect(text).not.toContain("127.0.0.1");
    expect(lines).toContain("  http://192.168.1.20:3000/setup?token=TOKEN");
    expect(lines).toContain("  http://10.0.0.7:3000/setup?token=TOKEN");
    expect(text).toContain("plain HTTP");
    expect(text).toContain("no in-page camera or recorder");
    expect(text).toContain("warning: The briefing video is the built-in placeholder");
    const withAdmin = startReport({ host: "0.0.0.0", publicUrl: "https://show.example/" }, { port: 3000, https: false, setupToken: undefined, warnings: [] }, ips);
    expect(withAdmin).toContain("  https://show.example");
    expect(withAdmin).toContain("admin: at least one admin exists");
    // The checklist's rows keep being printed, an acknowledged one marked so; its words name the variable to set.
    const checklist = startReport({ host: "127.0.0.1", publicUrl: undefined }, { port: 3000, https: false, setupToken: undefined, warnings: [
      { code: "no-mail" },
      { code: "plain-http", acknowledged: true },
    ] }, ips);
    expect(checklist.filter((line) => /^warning: Mail is not set up \(SMTP_URL\): reset codes are not sent/.test(line))).toHaveLength(1);
    expect(checklist.filter((line) => /^warning \(acknowledged\): Plain HTTP: /.test(line))).toHaveLength(1);
  });

  test("in a container: never the container's own addresses; PUBLIC_URL when set, else the host's address and published port", () => {
    const inside = ["127.0.0.1", "10.88.0.5"];
    const lines = startReport({ host: "0.0.0.0", publicUrl: undefined, inContainer: true }, { port: 3000, https: false, setupToken: "TOKEN", warnings: [] }, inside);
    expect(lines.join("\n")).not.toContain("10.88.0.5");
    expect(lines.join("\n")).not.toContain("localhost");
    expect(lines).toContain(
      "in a container: phones open this machine's (the host's) address with the port published for it (CASEFILE_HTTP_PORT, 3000 by default), e.g. http://192.168.1.20:3000; set PUBLIC_URL to have it printed here",
    );
    expect(lines).toContain("  http://<host>:<published port>/setup?token=TOKEN");
    const withUrl = startReport({ host: "0.0.0.0", publicUrl: "https://show.example/", inContainer: true }, { port: 3000, https: false, setupToken: "TOKEN", warnings: [] }, inside);
    expect(withUrl).toContain("  https://show.example");
    expect(withUrl).toContain("  https://show.example/setup?token=TOKEN");
    expect(withUrl.join("\n")).not.toContain("10.88.0.5");
  });
});

describe("setup's form without a phone number or pronouns", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(NO_ADMIN);
  });
  afterAll(() => server.stop());

  test("the first admin needs no phone number or pronouns (setup's form asks for neither)", async () => {
    const { phone_number: _phone, ...withoutPhone } = FIRST;
    const made = await new Actor(server.url).post("/api/setup", { ...withoutPhone, token: server.setupToken });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ username: "curator", role: 2, phone_number: "0000000000", pronouns: "" });
  });
});

describe("a participant registering the same name while the first admin is made", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(NO_ADMIN);
  });
  afterAll(() => server.stop());

  test("one of them gets the name; the other is told it is taken (409), never a 500", async () => {
    const { privacy_notice_version } = await (await fetch(`${server.url}/api/show`)).json();
    const fields = { privacy_consent: String(privacy_notice_version), ...registrationFields({ username: "harbourmaster", email: "pat@gallery.example" }) };
    // Both pass the check of taken names, then hash a password: the unique index decides.
    const [setup, registered] = await Promise.all([
      new Actor(server.url).post("/api/setup", { ...FIRST, username: "harbourmaster", token: server.setupToken }),
      new Actor(server.url).post("/api/user/register", form(fields, { verification_photo: await fixture("photo.jpg") })),
    ]);
    expect([setup.status, registered.status].sort()).toEqual([201, 409]);
    const { rows } = await server.ctx.db.$client.execute("select count(*) from users where username = 'harbourmaster'");
    expect(Number(rows[0]![0])).toBe(1);
  });
});
