/** Usernames hold what people's names hold; emails are one plain address; look-alike spellings are one account. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Actor, fixture, form, registrationFields } from "../../tests/support/client";
import { ADMIN, startTestServer, type TestServer } from "../../tests/support/server";
import { adminActor, newParticipant } from "../../tests/support/client";
import { fillUsernameSkeletons } from "./users.service";
import { lookAlikeKey } from "./identity-key";
import { MESSAGES } from "./validation";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const register = async (overrides: Record<string, string>) =>
  new Actor(server.url).post("/api/user/register", form(registrationFields(overrides), { verification_photo: await fixture("photo.jpg") }));
const check = async (username: string, email = "") =>
  (await new Actor(server.url).post("/api/user/check", { username, email })).json();

/** Letters only, so that every spelling of it below is a valid username. */
let serial = 0;
const uniqueWord = () => `${Date.now().toString(36).replace(/\d/g, "")}${"abcdefghij"[serial++ % 10]}${"klmnopqrst"[Math.floor(serial / 10) % 10]}`;
const fullWidth = (text: string) => text.replace(/[A-Za-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe("usernames", () => {
  const accepted: [string, string][] = [
    ["accents and an inner space", "José María"],
    ["Chinese", "李小龍"],
    ["Cyrillic with a dash", "Анна-Мария"],
    ["Arabic with Arabic-Indic digits", "ليلى٣"],
    ["Devanagari (combining marks)", "प्रिया"],
    ["dots, dashes and underscores", "a.b_c-d"],
  ];
  for (const [what, name] of accepted) {
    test(`${what} ("${name}") is a valid username`, async () => {
      const username = `${name} ${uniqueWord()}`;
      expect(await check(username)).toEqual({ exists: false, message: "" });
      const response = await register({ username });
      expect(response.status).toBe(201);
      expect((await response.json()).username).toBe(username);
    });
  }

  test("a name typed in decomposed form is stored composed (NFC)", async () => {
    const word = uniqueWord();
    const response = await register({ username: `Jose\u0301 ${word}` });
    expect(response.status).toBe(201);
    expect((await response.json()).username).toBe(`José ${word}`);
  });

  const refused: [string, string][] = [
    ["too short", "ab"],
    ["too long", "a".repeat(33)],
    ["a run of spaces", "ann  lee"],
    ["a tab", "ann\tlee"],
    ["a no-break space", "ann\u00a0lee"],
    ["a zero-width space", "ann\u200blee"],
    ["a right-to-left override", "ann\u202elee"],
    ["angle brackets", "<script>"],
    ["an at sign", "ann@home"],
    ["an emoji", "ann🙂lee"],
    ["a leading combining mark", "\u0301ann"],
    ["full-width punctuation", "ann＿lee"],
  ];
  for (const [what, username] of refused) {
    test(`a username with ${what} is refused: check says so, registration answers 400`, async () => {
      expect(await check(username)).toEqual({ exists: true, message: MESSAGES.invalidUsername });
      const response = await register({ username });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(MESSAGES.invalidUsername);
    });
  }

  test("the rule is stated in the message", () => {
    expect(MESSAGES.invalidUsername).toBe("Usernames are 3 to 32 characters: letters, digits, dots, dashes, underscores and single spaces between words");
  });

  const lookAlikes: [string, (word: string) => [string, string]][] = [
    ["full-width capitals", (word) => [`alice${word}`, fullWidth(`ALICE${word.toUpperCase()}`)]],
    ["ß and SS", (word) => [`straße${word}`, `STRASSE${word.toUpperCase()}`]],
    ["a ligature", (word) => [`fish${word}`, `ﬁsh${word}`]],
    ["final sigma", (word) => [`ΟΔΟΣ${word}`, `οδος${word}`]],
  ];
  for (const [what, spell] of lookAlikes) {
    test(`${what} name one account: check reports it taken, registration 409, login works either way`, async () => {
      const [first, second] = spell(uniqueWord());
      const fields = registrationFields({ username: first });
      expect((await new Actor(server.url).post("/api/user/register", form(fields, { verification_photo: await fixture("photo.jpg") }))).status).toBe(201);
      expect(await check(second)).toEqual({ exists: true, message: MESSAGES.usernameTaken });
      const again = await register({ username: second });
      expect(again.status).toBe(409);
      expect((await again.json()).message).toBe(MESSAGES.usernameTaken);
      expect((await new Actor(server.url).login(second, fields.password)).status).toBe(200);
    });
  }
});

describe("email addresses", () => {
  const refused: [string, string][] = [
    ["a display name", '"Alice" <alice@example.org>'],
    ["angle brackets", "<alice@example.org>"],
    ["a list", "alice@example.org, bob@example.org"],
    ["a list with semicolons", "alice@example.org;bob@example.org"],
    ["a comment", "alice@example.org (home)"],
    ["a quoted local part", '"alice"@example.org'],
    ["inner whitespace", "alice smith@example.org"],
    ["a line break", "alice@example.org\r\nBcc: eve@example.org"],
    ["two at signs", "alice@@example.org"],
    ["a bare host", "alice@localhost"],
    ["a full-width at sign", "alice＠example.org"],
    ["an empty label", "alice@example..org"],
    ["a local part over 64 characters", `${"a".repeat(65)}@example.org`],
  ];
  for (const [what, email] of refused) {
    test(`an address with ${what} is refused`, async () => {
      expect(await check(`ok_${uniqueWord()}`, email)).toEqual({ exists: true, message: MESSAGES.invalidEmail });
      const response = await register({ email });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(MESSAGES.invalidEmail);
    });
  }

  test("a plain address with plus tags and an international domain is fine", async () => {
    const word = uniqueWord();
    for (const email of [`alice+${word}@example.org`, `${word}@bücher.example`]) expect((await register({ email })).status).toBe(201);
  });

  test("ß and SS in an address name one account (409)", async () => {
    const word = uniqueWord();
    expect((await register({ email: `straße.${word}@example.org` })).status).toBe(201);
    const again = await register({ email: `STRASSE.${word.toUpperCase()}@EXAMPLE.ORG` });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(MESSAGES.emailTaken);
  });

  test("the admin form refuses a display name too", async () => {
    const admin = new Actor(server.url);
    const { id } = await (await admin.login(ADMIN.username, ADMIN.password)).json();
    const response = await admin.put(`/api/user/admin/${id}`, { username: ADMIN.username, email: '"Eve"<eve@example.org>', phone_number: "5550001111", full_name: "A" });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(MESSAGES.invalidEmail);
  });
});

describe("look-alike names (issue 17: Cyrillic сhіеf registered beside the admin chief)", () => {
  test("Cyrillic сhіеf cannot register beside chief, by the check, the registration or an admin's rename; a distinct Cyrillic name can", async () => {
    const chief = await register({ username: "chief" });
    expect(chief.status).toBe(201);
    const cyrillic = "\u0441h\u0456\u0435f"; // с h і е f: three Cyrillic letters
    expect(cyrillic).not.toBe("chief");
    expect(await check(cyrillic)).toEqual({ exists: true, message: MESSAGES.usernameLookAlike });
    const refused = await register({ username: cyrillic });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(MESSAGES.usernameLookAlike);
    // Others of the table: rn for m, 0 for o, full-width and upper case on top.
    const { user } = await newParticipant(server.url, { username: `mall0ry_${uniqueWord()}` });
    expect((await register({ username: user.username.replace("m", "rn").replace("0", "o").toUpperCase() })).status).toBe(409);
    const admin = await adminActor(server.url);
    const renamed = await admin.put(`/api/user/admin/${user.id}`, { username: "сhіеf", email: `r${uniqueWord()}@example.org`, phone_number: "5551112222", full_name: "R" });
    expect(renamed.status).toBe(409);
    // Cyrillic names that look like no one's still register.
    expect((await register({ username: `Алексей ${uniqueWord()}` })).status).toBe(201);
  });

  test("older accounts get their skeleton at start; two older look-alikes both keep their names", async () => {
    const db = server.ctx.db.$client;
    const word = uniqueWord();
    for (const name of [`old ${word}`, `оld ${word}`]) {
      expect((await register({ username: name })).status).toBe(201);
      await db.execute({ sql: "update users set username_skeleton = null where username = ?", args: [name] });
    }
    await fillUsernameSkeletons(server.ctx.db);
    const { rows } = await db.execute({ sql: "select username_skeleton from users where username in (?, ?) order by id", args: [`old ${word}`, `оld ${word}`] });
    expect(rows.map((r) => r.username_skeleton)).toEqual([lookAlikeKey(`old ${word}`), null]);
  });

  test("the admin named by ADMIN_USERNAME has a skeleton too", async () => {
    expect(await check(ADMIN.username.replace("a", "\u0430"))).toEqual({ exists: true, message: MESSAGES.usernameLookAlike });
  });
});
