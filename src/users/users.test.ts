import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import { Actor, adminActor, fixture, form, newParticipant, registrationFields, storedFiles, tempFilesLeft } from "../../tests/support/client";
import { ADMIN, startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const register = async (fields: Record<string, string>, photo: File | undefined) =>
  new Actor(server.url).post("/api/user/register", form(fields, photo ? { verification_photo: photo } : {}));

describe("registration", () => {
  test("creates an ordinary user even when role=2 is sent, without a password hash in the answer", async () => {
    const fields = registrationFields({ role: "2" });
    const response = await register(fields, await fixture("photo.jpg", "image/jpeg"));
    expect(response.status).toBe(201);
    const user = await response.json();
    expect(user.role).toBe(1);
    expect(user.username).toBe(fields.username);
    expect(user.verification_photo).toBe(true);
    expect(user.verification_photo_AWS_URL).toMatch(/^\/api\/media\/[0-9a-f]{32}$/);
    expect(JSON.stringify(user)).not.toContain("argon2");
    expect(Object.keys(user)).not.toContain("password_hash");
  });

  const cases: [string, Record<string, string>, string][] = [
    ["missing password", { password: "" }, "Choose a username and password!"],
    ["missing username", { username: "" }, "Choose a username and password!"],
    ["short password", { password: "abc123" }, "Password must be at least 7 characters long"],
    ["different confirmation", { confirm_password: "another-pass" }, "Passwords do not match"],
    ["bad email", { email: "not-an-email" }, "Invalid email address"],
    ["phone with dashes", { phone_number: "555-123-4567" }, "Phone number must be 10 digits long and contain no dashes"],
    ["short phone", { phone_number: "555123" }, "Phone number must be 10 digits long and contain no dashes"],
    ["different phone confirmation", { confirm_phone_number: "5550000000" }, "Phone numbers do not match"],
    ["username with a run of spaces", { username: "a  b c" }, "Usernames are 3 to 32 characters: letters, digits, dots, dashes, underscores and single spaces between words"],
    ["over-long name", { full_name: "x".repeat(101) }, "Names can be at most 100 characters long"],
  ];
  for (const [name, overrides, message] of cases) {
    test(`refuses ${name} with "${message}" and stores nothing`, async () => {
      const before = await storedFiles(server.uploadsDir);
      const response = await register(registrationFields(overrides), await fixture("photo.jpg"));
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(message);
      expect(await storedFiles(server.uploadsDir)).toEqual(before);
    });
  }

  test("requires a photo: 'Please upload a photo'", async () => {
    const response = await register(registrationFields(), undefined);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Please upload a photo");
  });

  test("refuses HTML named .jpg as the photo (415), leaving no user and no file", async () => {
    const fields = registrationFields();
    const before = await storedFiles(server.uploadsDir);
    const response = await register(fields, await fixture("page.html.jpg", "image/jpeg"));
    expect(response.status).toBe(415);
    expect(await storedFiles(server.uploadsDir)).toEqual(before);
    expect((await new Actor(server.url).login(fields.username, fields.password)).status).toBe(401);
  });

  test("usernames and emails are unique regardless of case (409)", async () => {
    const { fields } = await newParticipant(server.url);
    const sameName = await register(registrationFields({ username: fields.username.toUpperCase() }), await fixture("photo.jpg"));
    expect(sameName.status).toBe(409);
    expect((await sameName.json()).message).toBe("That username is already taken");
    const sameEmail = await register(registrationFields({ email: fields.email.toUpperCase() }), await fixture("photo.jpg"));
    expect(sameEmail.status).toBe(409);
  });

  test("check reports taken usernames and emails with a message", async () => {
    const { fields } = await newParticipant(server.url);
    const visitor = new Actor(server.url);
    const taken = await (await visitor.post("/api/user/check", { username: fields.username, email: "free@example.org" })).json();
    expect(taken).toEqual({ exists: true, message: "That username is already taken" });
    const free = await (await visitor.post("/api/user/check", { username: "nobody_here", email: "free@example.org" })).json();
    expect(free).toEqual({ exists: false, message: "" });
  });
});

describe("login and sessions", () => {
  test("login by username or email in any case; wrong password is 401 with the spec's message", async () => {
    const { fields } = await newParticipant(server.url);
    expect((await new Actor(server.url).login(fields.email.toUpperCase(), fields.password)).status).toBe(200);
    const wrong = await new Actor(server.url).login(fields.username, "wrong-password");
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe("Oops! The username and password didn't match. Try again!");
    const empty = await new Actor(server.url).login("", "");
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Enter your username and password!");
  });

  test("the session cookie is HttpOnly, SameSite=Lax and rotated at each login", async () => {
    const { fields } = await newParticipant(server.url);
    const actor = new Actor(server.url);
    const first = await actor.login(fields.username, fields.password);
    expect(first.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax; Path=\//);
    const firstCookie = actor.cookie;
    await actor.login(fields.username, fields.password);
    expect(actor.cookie).not.toBe(firstCookie);
    const stale = new Actor(server.url);
    stale.cookie = firstCookie;
    expect((await stale.get("/api/user")).status).toBe(401);
  });

  test("logout ends the session on the server: the old cookie no longer works", async () => {
    const { actor } = await newParticipant(server.url);
    const stolen = new Actor(server.url);
    stolen.cookie = actor.cookie;
    expect((await stolen.get("/api/user")).status).toBe(200);
    expect((await actor.post("/api/user/logout")).status).toBe(200);
    expect((await stolen.get("/api/user")).status).toBe(401);
  });

  test("GET /api/user without a session is 401 JSON", async () => {
    const response = await new Actor(server.url).get("/api/user");
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/json");
  });

  test("an account is paused after 10 failed logins, even from many addresses", async () => {
    const { fields } = await newParticipant(server.url);
    for (let i = 0; i < 10; i++) expect((await new Actor(server.url).login(fields.username, "nope-nope")).status).toBe(401);
    expect((await new Actor(server.url).login(fields.username, fields.password)).status).toBe(429);
  });
});

describe("profile", () => {
  test("a user edits their own profile and avatar; the avatar is public, bad values are refused", async () => {
    const { actor } = await newParticipant(server.url);
    const response = await actor.put(
      "/api/evidence/user",
      form({ full_name: "New Name", email: "renamed@example.org", phone_number: "5559876543", pronouns: "She/Her" }, { file: await fixture("photo.png") }),
    );
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({ full_name: "New Name", email: "renamed@example.org", phone_number: "5559876543", pronouns: "She/Her" });
    expect(user.avatar_AWS_URL).toMatch(/^\/api\/media\//);
    expect((await new Actor(server.url).get(user.avatar_AWS_URL)).status).toBe(200);

    const bad = await actor.put("/api/evidence/user", form({ email: "bad", phone_number: "5559876543", pronouns: "" }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Invalid email address");
    const visitor = await new Actor(server.url).put("/api/evidence/user", form({ email: "x@example.org" }));
    expect(visitor.status).toBe(401);
  });

  test("the watched flag: own account yes, someone else's no", async () => {
    const a = await newParticipant(server.url);
    const b = await newParticipant(server.url);
    expect((await a.actor.put(`/api/user/watched/${b.user.id}`)).status).toBe(403);
    const response = await a.actor.put(`/api/user/watched/${a.user.id}`);
    expect(response.status).toBe(200);
    expect((await response.json()).video_watched).toBe(true);
    expect((await new Actor(server.url).put(`/api/user/watched/${a.user.id}`)).status).toBe(401);
  });
});

describe("admin user management", () => {
  test("only admins list users; participants get 403, visitors 401", async () => {
    const { actor } = await newParticipant(server.url);
    expect((await new Actor(server.url).get("/api/user/users")).status).toBe(401);
    expect((await actor.get("/api/user/users")).status).toBe(403);
    const admin = await adminActor(server.url);
    const list = await (await admin.get("/api/user/users")).json();
    expect(list.some((u: { username: string }) => u.username === ADMIN.username)).toBe(true);
    // No hash, under any name (`must_change_password` is a flag, not a secret).
    expect(JSON.stringify(list)).not.toMatch(/password_?hash|\$argon2/i);
  });

  test("admin edit never changes role or video_watched", async () => {
    const { user, actor } = await newParticipant(server.url);
    const admin = await adminActor(server.url);
    const response = await admin.put(`/api/user/admin/${user.id}`, {
      username: `${user.username}_x`,
      email: `edited_${user.id}@example.org`,
      phone_number: "5550001111",
      full_name: "Edited",
      role: 2,
      video_watched: true,
    });
    expect(response.status).toBe(200);
    const edited = await response.json();
    expect(edited).toMatchObject({ username: `${user.username}_x`, full_name: "Edited", role: 1, video_watched: false });
    expect((await actor.put(`/api/user/admin/${user.id}`, { username: "hacker", email: "h@example.org", phone_number: "5550001111", full_name: "H" })).status).toBe(403);
  });

  test("deleting a user removes their evidence, media files and sessions", async () => {
    const { user, actor } = await newParticipant(server.url);
    const upload = await actor.post("/api/evidence", form({ title: "Doomed" }, { file: await fixture("photo.jpg") }));
    expect(upload.status).toBe(201);
    const item = await upload.json();
    const mediaIds = [item.aws_url, user.verification_photo_AWS_URL].map((url: string) => url.split("/").pop()!);
    const userFiles = async () => (await storedFiles(server.uploadsDir)).filter((f) => mediaIds.some((id) => f.includes(id)));
    expect((await userFiles()).length).toBeGreaterThanOrEqual(2);
    const admin = await adminActor(server.url);
    expect((await actor.delete(`/api/user/${user.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/user/${user.id}`)).status).toBe(200);
    expect((await actor.get("/api/user")).status).toBe(401);
    expect(await userFiles()).toEqual([]);
    expect((await admin.get(`/api/user/${user.id}/evidence`)).status).toBe(404);
    expect((await admin.delete(`/api/user/${user.id}`)).status).toBe(404);
  });

  test("path tricks in ids are simply not found", async () => {
    const admin = await adminActor(server.url);
    for (const id of ["..%2F..%2Fetc%2Fpasswd", "1;drop", "-1", "0x1", "1e3"]) {
      expect((await admin.delete(`/api/user/${id}`)).status).toBe(404);
    }
  });
});

test("the uploads folder holds no temp leftovers after all of the above", async () => {
  expect(await tempFilesLeft(server.uploadsDir)).toEqual([]);
});
