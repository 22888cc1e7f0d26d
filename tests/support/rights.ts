/** Shared by the participants' rights tests: photos of one person's own, and `audit verify` beside a test server. */
import { expect } from "bun:test";
import path from "node:path";
import { FROM_SOURCE, runCommand } from "../ship/support/program";
import { fixture } from "./client";

/** `casefile audit verify` on a test server's database file, key and anchor, as an operator runs it beside them. */
export async function auditVerify(dataDir: string, env: Record<string, string> = {}) {
  const result = await runCommand([...FROM_SOURCE, "audit", "verify"], dataDir, {
    DATABASE_URL: `file:${path.join(dataDir, "casefile.db")}`,
    UPLOADS_DIR: path.join(dataDir, "uploads"),
    ...env,
  });
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
}

/** A photo no one else sent: the fixture with a comment naming `tag` right after its start marker. */
export async function uniquePhoto(tag: string): Promise<File> {
  const bytes = new Uint8Array(await (await fixture("photo.jpg")).arrayBuffer());
  const text = new TextEncoder().encode(`casefile test ${tag} ${crypto.randomUUID()}`);
  const comment = new Uint8Array([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff, ...text]);
  return new File([bytes.slice(0, 2), comment, bytes.slice(2)], `${tag}.jpg`, { type: "image/jpeg" });
}
