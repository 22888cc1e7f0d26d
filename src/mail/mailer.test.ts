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
  const code = /code is (\d{6})/.exec(mail!.raw)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  // The code first, so a phone's notification shows it.
  expect(mail!.raw).toContain(`Subject: ${code} is your Casefile Test reset code`);
  const check = await new Actor(server.url).post("/api/email/check/reset-code", { email: fields.email, code });
  expect(await check.json()).toEqual({ codeMatches: true });
});

/** Quoted-printable (RFC 2045) to text: soft line breaks joined, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The bodies of a multipart/alternative mail by their content type. */
function parts(raw: string): Record<string, string> {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)![1]!;
  const found: Record<string, string> = {};
  for (const part of raw.split(`--${boundary}`).slice(1, -1)) {
    const [head, ...body] = part.split(/\r?\n\r?\n/);
    const text = body.join("\n\n");
    found[/Content-Type: ([^;\r\n]+)/i.exec(head!)![1]!] = /quoted-printable/i.test(head!) ? decodeQuotedPrintable(text) : text;
  }
  return found;
}

test("the reset mail is branded: the project name, the code large in a simple HTML body, and what to do if you did not ask", async () => {
  const { fields } = await newParticipant(server.url);
  await new Actor(server.url).post("/api/email/send", ["", fields.email]);
  const mail = received.find((m) => m.to.includes(fields.email))!;
  const { "text/plain": text, "text/html": html } = parts(mail.raw);
  const code = /code is (\d{6})/.exec(text!)![1]!;
  expect(text).toStartWith("Casefile Test\n");
  expect(text).toContain(`Hello ${fields.username},`);
  expect(text).toContain("If you did not ask to reset your password, ignore this message");
  expect(html).toContain("Casefile Test");
  expect(html).toMatch(new RegExp(`font-size:40px[^>]*>${code}</p>`));
  expect(html).toContain("If you did not ask to reset your password, ignore this message");
  // Inline styles only and nothing fetched from elsewhere: no <style>, no <link>, no remote image.
  expect(html).not.toMatch(/<style|<link|<img|https?:\/\//i);
});
