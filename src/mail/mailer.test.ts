import { afterAll, beforeAll, expect, test } from "bun:test";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { Actor, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

let smtp: SMTPServer;
let server: TestServer;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, done) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Casefile <desk@casefile.test>" });
});
afterAll(async () => {
  await server.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

test("with SMTP_URL, reset codes go out over SMTP to the account's address", async () => {
  const { fields } = await newParticipant(server.url);
  const response = await new Actor(server.url).post("/api/email/send", ["", fields.email]);
  expect(response.status).toBe(200);
  const mail = received.find((m) => m.to.includes(fields.email));
  expect(mail).toBeDefined();
  expect(mail!.raw).toContain("From: Casefile <desk@casefile.test>");
  expect(mail!.raw).toContain("Subject: Your Casefile Test password reset code");
  const code = /code is (\d{6})/.exec(mail!.raw)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const check = await new Actor(server.url).post("/api/email/check/reset-code", { email: fields.email, code });
  expect(await check.json()).toEqual({ codeMatches: true });
});
