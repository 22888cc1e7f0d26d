/**
 * A real SMTP server for tests whose server must have mail set up (SMTP_URL): each mail it takes is written as an
 * .eml file into its folder, named in arrival order, as the outbox would hold it (latestMailedCode reads either).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export type MailCatcher = { url: string; dir: string; stop(): Promise<void> };

export async function startMailCatcher(): Promise<MailCatcher> {
  const dir = await mkdtemp(path.join(tmpdir(), "casefile-mail-"));
  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        writeFile(path.join(dir, `${String(count).padStart(6, "0")}.eml`), Buffer.concat(chunks)).then(() => done(), done);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
