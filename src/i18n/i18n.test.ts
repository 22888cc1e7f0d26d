/** The words of every screen over HTTP: which language a phone gets, the admins' catalogs, codes and mails. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Actor, adminActor, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import english from "../../locales/en.json";
import { SHIPPED_LANGUAGES, SOURCE_LANGUAGE, shippedCatalog } from "./languages";
import { checkCatalog } from "./messages";

type Answer = { language: string; dir: string; languages: { code: string; name: string; dir: string }[]; messages: Record<string, unknown> };

const ask = async (server: TestServer, init: { lang?: string; cookie?: string; accept?: string } = {}) => {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.accept) headers["accept-language"] = init.accept;
  const response = await fetch(`${server.url}/api/i18n${init.lang ? `?lang=${encodeURIComponent(init.lang)}` : ""}`, { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
};

describe("choosing a language", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LANGUAGES: "en,fr,de,ar" });
  });
  afterAll(() => server.stop());

  test("the phone's languages pick the best enabled one; a region finds its language; none matching gets the default", async () => {
    expect((await ask(server, { accept: "fr-CA,fr;q=0.9,en;q=0.5" })).language).toBe("fr");
    expect((await ask(server, { accept: "pt-BR, de;q=0.8" })).language).toBe("de");
    expect((await ask(server, { accept: "es-ES,es;q=0.9" })).language).toBe("en");
    expect((await ask(server, { accept: "de;q=0, ar;q=0.4" })).language).toBe("ar");
    expect((await ask(server)).language).toBe("en");
  });

  test("a choice (?lang, then the cookie) wins over the browser's; a language not enabled is never given", async () => {
    expect((await ask(server, { cookie: "casefile_lang=de", accept: "fr" })).language).toBe("de");
    expect((await ask(server, { lang: "ar", cookie: "casefile_lang=de" })).language).toBe("ar");
    expect((await ask(server, { lang: "es", accept: "fr" })).language).toBe("fr");
    expect((await ask(server, { lang: "not a tag!", cookie: "casefile_lang=%E0%A4%A" })).language).toBe("en");
  });

  test("the answer names each enabled language in its own words and direction, and sends messages compiled", async () => {
    const answer = await ask(server, { lang: "ar" });
    expect(answer.dir).toBe("rtl");
    expect(answer.languages).toEqual([
      { code: "en", name: "English", dir: "ltr" },
      { code: "fr", name: "Français", dir: "ltr" },
      { code: "de", name: "Deutsch", dir: "ltr" },
      { code: "ar", name: "العربية", dir: "rtl" },
    ]);
    // Every English id is there (falling back to English where a catalog lacks one), as Lingui's compiled tokens.
    expect(Object.keys(answer.messages).sort()).toEqual(Object.keys(english).sort());
    const english_ = await ask(server, { lang: "en" });
    expect(english_.messages["landing.register"]).toEqual(["Register"]);
    expect(english_.messages["nav.spy_on"]).toEqual(["Spy on ", ["project"]]);
  });

  test("an ETag answers 304 until the catalog changes", async () => {
    const first = await fetch(`${server.url}/api/i18n?lang=fr`);
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("vary")).toContain("Accept-Language");
    expect((await fetch(`${server.url}/api/i18n?lang=fr`, { headers: { "if-none-match": etag } })).status).toBe(304);
    const admin = await adminActor(server.url);
    expect((await admin.put("/api/i18n/catalogs/fr", { "landing.register": "S’inscrire maintenant" })).status).toBe(200);
    expect((await fetch(`${server.url}/api/i18n?lang=fr`, { headers: { "if-none-match": etag } })).status).toBe(200);
    expect((await admin.delete("/api/i18n/catalogs/fr")).status).toBe(204);
  });

  test("the catalog goes out compressed to a browser that accepts it, the same JSON once decoded", async () => {
    const plain = await fetch(`${server.url}/api/i18n?lang=en`, { headers: { "accept-encoding": "identity" } });
    const text = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    const gzipped = await fetch(`${server.url}/api/i18n?lang=en`, { headers: { "accept-encoding": "gzip" }, decompress: false });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = new Uint8Array(await gzipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length / 3);
    expect(new TextDecoder().decode(Bun.gunzipSync(bytes))).toBe(text);
  });
});

describe("the pseudo-locale", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LANGUAGES: "en,en-XA" });
  });
  afterAll(() => server.stop());

  test("brackets every message and lengthens it by a third, leaving placeholders alone", async () => {
    const { messages, language } = await ask(server, { lang: "en-XA" });
    expect(language).toBe("en-XA");
    expect(messages["landing.register"]).toEqual(["⟦", "Régístér", "···", "⟧"]);
    expect(messages["nav.spy_on"]).toEqual(["⟦", "Spý óñ ", ["project"], "···", "⟧"]);
  });
});

describe("catalogs an admin uploads", () => {
  let server: TestServer;
  let admin: Actor;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await adminActor(server.url);
  });
  afterAll(() => server.stop());

  test("only admins read, check, save and remove catalogs", async () => {
    const { actor } = await newParticipant(server.url);
    const visitor = new Actor(server.url);
    for (const who of [actor, visitor]) {
      const expected = who === visitor ? 401 : 403;
      expect((await who.get("/api/i18n/catalogs")).status).toBe(expected);
      expect((await who.get("/api/i18n/catalogs/fr")).status).toBe(expected);
      expect((await who.put("/api/i18n/catalogs/fr", { "landing.register": "x" })).status).toBe(expected);
      expect((await who.post("/api/i18n/catalogs/fr/check", { "landing.register": "x" })).status).toBe(expected);
      expect((await who.delete("/api/i18n/catalogs/fr")).status).toBe(expected);
    }
  });

  test("a catalog with problems is refused whole, each problem named; nothing is saved", async () => {
    const bad = {
      "landing.register": "Inscription",
      "no.such.id": "x",
      "nav.spy_on": "Espionner {projet}",
      "help.rewatch": "Revoir {project",
      "landing.login": 42,
    };
    const check = await admin.post("/api/i18n/catalogs/fr/check", bad);
    expect(check.status).toBe(200);
    const { problems, changes } = (await check.json()) as { problems: { id: string; problem: string }[]; changes: { id: string }[] };
    expect(problems.map((p) => p.id).sort()).toEqual(["help.rewatch", "landing.login", "nav.spy_on", "no.such.id"]);
    expect(problems.find((p) => p.id === "nav.spy_on")!.problem).toBe("Unknown placeholder {projet}: it may use {project}.");
    expect(changes.map((c) => c.id)).toEqual(["landing.register"]);

    const put = await admin.put("/api/i18n/catalogs/fr", bad);
    expect(put.status).toBe(400);
    expect(((await put.json()) as { code: string }).code).toBe("invalid_request");
    expect((await server.ctx.db.$client.execute("select count(*) as n from catalogs")).rows[0]!.n).toBe(0);
    for (const input of [[], "text", null]) expect((await admin.put("/api/i18n/catalogs/fr", input)).status).toBe(400);
  });

  test("an override changes only its messages: the rest fall back to the shipped catalog, then to English", async () => {
    const shippedFrench = ((await ask(server, { lang: "fr" })).messages as Record<string, unknown>)["landing.login"];
    expect((await admin.put("/api/i18n/catalogs/fr", { "landing.register": "Je m’inscris", "nav.spy_on": "Espionner {project}" })).status).toBe(200);
    const { messages } = await ask(server, { lang: "fr" });
    expect(messages["landing.register"]).toEqual(["Je m’inscris"]);
    expect(messages["nav.spy_on"]).toEqual(["Espionner ", ["project"]]);
    expect(messages["landing.login"]).toEqual(shippedFrench);

    // The downloaded catalog is what French shows now, ready to edit and upload again.
    const download = await admin.get("/api/i18n/catalogs/fr");
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="casefile-fr.json"');
    const current = (await download.json()) as Record<string, string>;
    expect(current["landing.register"]).toBe("Je m’inscris");
    expect(Object.keys(current).length).toBe(Object.keys(english).length);

    // Even the spec's English wording can be changed for one show.
    expect((await admin.put("/api/i18n/catalogs/en", { "landing.register": "Sign up" })).status).toBe(200);
    expect((await ask(server, { lang: "en" })).messages["landing.register"]).toEqual(["Sign up"]);
    expect((await admin.delete("/api/i18n/catalogs/en")).status).toBe(204);
    expect((await ask(server, { lang: "en" })).messages["landing.register"]).toEqual(["Register"]);
    expect((await admin.delete("/api/i18n/catalogs/en")).status).toBe(404);
  });

  test("a language casefile does not ship is added by uploading its catalog, and offered from then on", async () => {
    expect((await ask(server, { lang: "it" })).language).toBe("en");
    expect((await admin.put("/api/i18n/catalogs/it", { "landing.register": "Registrati", "landing.login": "Accedi" })).status).toBe(200);
    const italian = await ask(server, { lang: "it" });
    expect(italian.language).toBe("it");
    expect(italian.languages.find((l) => l.code === "it")).toEqual({ code: "it", name: "Italiano", dir: "ltr" });
    expect(italian.messages["landing.register"]).toEqual(["Registrati"]);
    expect(italian.messages["landing.send_evidence"]).toEqual(["Send evidence"]);
    const audit = await server.ctx.db.$client.execute("select action, detail from audit_log where action = 'show.catalog'");
    expect(audit.rows.map((r) => JSON.parse(r.detail as string).language)).toContain("it");
    expect((await admin.delete("/api/i18n/catalogs/it")).status).toBe(204);
    expect((await ask(server, { lang: "it" })).language).toBe("en");
  });
});

describe("the account's language", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LANGUAGES: "en,fr" });
  });
  afterAll(() => server.stop());

  test("is set by its owner, only to an enabled language, and the reset mail goes out in it", async () => {
    const admin = await adminActor(server.url);
    // The mail's own words, set for this show so the test does not depend on the shipped French wording.
    const french = { "show.reset_mail_subject": "{code} : votre code {project}", "mail.hello": "Bonjour {name}," };
    expect((await admin.put("/api/i18n/catalogs/fr", french)).status).toBe(200);
    const { actor, fields } = await newParticipant(server.url);
    expect((await actor.put("/api/user/language", { language: "de" })).status).toBe(400);
    const set = await actor.put("/api/user/language", { language: "fr" });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { language: string }).language).toBe("fr");
    expect((await new Actor(server.url).put("/api/user/language", { language: "fr" })).status).toBe(401);

    expect((await new Actor(server.url).post("/api/email/send", { email: fields.email })).status).toBeLessThan(300);
    const names = (await readdir(server.outboxDir)).filter((n) => n.endsWith(".eml")).sort();
    const mail = await readFile(path.join(server.outboxDir, names.at(-1)!), "utf8");
    expect(mail).toMatch(/\nSubject: \d{6} : votre code Casefile Test\n/);
    expect(mail).toContain(`Bonjour ${fields.username},`);
    expect(mail).toContain('<html lang=3D"fr" dir=3D"ltr">');
  });
});

describe("error codes", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  test("every error answer carries a stable code beside its English message", async () => {
    const visitor = new Actor(server.url);
    const { actor, fields } = await newParticipant(server.url);
    const answers = await Promise.all([
      visitor.get("/api/user"),
      visitor.get("/api/evidence/public/999999"),
      visitor.get("/api/nothing-here"),
      actor.get("/api/evidence/admin"),
      visitor.post("/api/user/login", { usernameOrEmail: fields.username, password: "wrong password" }),
      visitor.post("/api/user/login", { usernameOrEmail: "", password: "" }),
      actor.post("/api/evidence", { title: "" }),
      visitor.request("POST", "/api/user/login", "{not json", { "content-type": "application/json" }),
    ]);
    for (const response of answers) {
      const body = (await response.json()) as { message: unknown; code: unknown };
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(typeof body.message).toBe("string");
      expect(body.code).toMatch(/^[a-z_]+(\.[A-Za-z_]+)?$/);
    }
  });

  test("the spec's messages have codes of their own, which the English catalog words exactly as the server does", async () => {
    const { fields } = await newParticipant(server.url);
    const again = await fetch(`${server.url}/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ usernameOrEmail: fields.username, password: "not the password" }),
    });
    const body = (await again.json()) as { message: string; code: string };
    expect(body.code).toBe("login.mismatch");
    expect((english as Record<string, string>)[`error.${body.code}`]).toBe(body.message);
  });
});

describe("the shipped catalogs", () => {
  const translations = SHIPPED_LANGUAGES.filter((code) => code !== SOURCE_LANGUAGE).map((code) => [code, shippedCatalog(code)!] as const);

  test("French, German, Spanish and Arabic ship", () => {
    expect(translations.map(([code]) => code).sort()).toEqual(["ar", "de", "es", "fr"]);
  });

  for (const [code, catalog] of translations) {
    test(`${code}: every English message, each valid ICU with only the English placeholders, and translated`, () => {
      expect(checkCatalog(catalog, english).problems).toEqual([]);
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
      // Identical to the English only where a word is the same in both (a name, "Notes", "OK"): never whole screens.
      const same = Object.keys(english).filter((id) => catalog[id] === (english as Record<string, string>)[id]);
      expect(same.length).toBeLessThan(Object.keys(english).length / 10);
      // The plural forms the language has: Arabic's six, the others' one and other.
      const plural = Object.keys(english).filter((id) => (english as Record<string, string>)[id]!.includes(", plural,"));
      const needed = new Intl.PluralRules(code).resolvedOptions().pluralCategories.filter((category) => category !== "many" || code === "ar");
      for (const id of plural) for (const category of needed) expect(`${id}: ${catalog[id]}`).toContain(`${category} {`);
    });
  }
});
