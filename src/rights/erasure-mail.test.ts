/**
 * Erasure and the mail an account was sent (issue 42): without SMTP_URL each mail is an .eml file in the outbox, and
 * erasure left the person's reset mails there — and the log line of each mail named their address.
 */
import { afterAll, beforeAll, expect, spyOn, test } from "bun:test";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Actor, form, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const outboxTexts = async () =>
  Promise.all((await readdir(server.outboxDir).catch(() => [])).map((name) => readFile(path.join(server.outboxDir, name), "utf8")));

test("the log line of a mail does not name the address; erasure removes the person's mails from the outbox, and only theirs", async () => {
  const erin = await newParticipant(server.url);
  const kept = await newParticipant(server.url);
  const logged: string[] = [];
  const log = spyOn(console, "log").mockImplementation((...parts: unknown[]) => void logged.push(parts.join(" ")));
  try {
    for (const email of [erin.fields.email, kept.fields.email]) {
      expect((await new Actor(server.url).post("/api/email/send", ["", email])).status).toBe(200);
    }
  } finally {
    log.mockRestore();
  }
  const mailLines = logged.filter((line) => line.startsWith("mail:"));
  expect(mailLines).toHaveLength(2);
  for (const line of mailLines) {
    expect(line).not.toContain(erin.fields.email);
    expect(line).not.toContain(kept.fields.email);
    expect(line).toContain("…@example.org");
  }
  expect((await outboxTexts()).filter((text) => text.includes(erin.fields.email))).toHaveLength(1);

  expect((await erin.actor.request("DELETE", "/api/user", { password: erin.fields.password })).status).toBe(200);
  const left = await outboxTexts();
  expect(left.filter((text) => text.toLowerCase().includes(erin.fields.email.toLowerCase()))).toEqual([]);
  expect(left.filter((text) => text.includes(kept.fields.email))).toHaveLength(1);
});

test("erasure also removes the mails sent to an address the person had before changing it", async () => {
  const erin = await newParticipant(server.url);
  const oldAddress = erin.fields.email;
  expect((await new Actor(server.url).post("/api/email/send", ["", oldAddress])).status).toBe(200);
  const newAddress = `renamed-${oldAddress}`;
  const { full_name, phone_number, pronouns } = erin.fields;
  const changed = await erin.actor.put("/api/evidence/user", form({ full_name, phone_number, pronouns, email: newAddress }));
  expect(changed.status).toBe(200);
  expect((await changed.json()).email).toBe(newAddress);
  expect((await new Actor(server.url).post("/api/email/send", ["", newAddress])).status).toBe(200);
  const mentions = (texts: string[], address: string) => texts.filter((text) => text.toLowerCase().includes(address.toLowerCase()));
  expect(mentions(await outboxTexts(), oldAddress).length).toBeGreaterThanOrEqual(1);

  expect((await erin.actor.request("DELETE", "/api/user", { password: erin.fields.password })).status).toBe(200);
  const left = await outboxTexts();
  expect(mentions(left, oldAddress)).toEqual([]);
  expect(mentions(left, newAddress)).toEqual([]);
});
