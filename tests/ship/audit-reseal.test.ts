/**
 * A broken audit chain, as an older release or a hand edit leaves it: the Server screen warns and /metrics says so;
 * `casefile audit reseal --from <entry>` (with the key, the server stopped) seals it again, logs itself, and the
 * warning goes. Real processes on a real folder (a restored archive of 543b908).
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { Actor, FIXTURES } from "../support/client";
import { ADMIN } from "../support/server";
import { FROM_SOURCE, runCommand, startProgram } from "./support/program";

setDefaultTimeout(120_000);

const TOKEN = "metrics-token-for-the-test";
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", RENDITION_JOBS: "0", METRICS_TOKEN: TOKEN };

/** What the Server screen and /metrics say of the chain. */
async function chainAsShown(cwd: string) {
  const program = await startProgram(FROM_SOURCE, cwd, env);
  try {
    const admin = new Actor(program.url);
    expect((await admin.login(ADMIN.username, ADMIN.password)).status).toBe(200);
    const status = (await (await admin.get("/api/server/status")).json()) as { warnings: { code: string; message: string }[]; audit: { broken: string | null } };
    const metrics = await (await fetch(`${program.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    // The rendition queue is in /metrics too, by state.
    expect([...metrics.matchAll(/^casefile_rendition_jobs\{state="(\w+)"\} \d+$/gm)].map((m) => m[1])).toEqual(["pending", "running", "failed"]);
    return { warning: status.warnings.find((w) => w.code === "audit_broken")?.message, broken: status.audit.broken, intact: /^casefile_audit_chain_intact (\d)$/m.exec(metrics)?.[1] };
  } finally {
    await program.stop();
  }
}

test("a broken chain is warned on the Server screen and in /metrics; audit reseal --from repairs it, audited", async () => {
  const cwd = await mkdtemp(path.join(tmpdir(), "casefile-reseal-"));
  try {
    const archive = path.join(cwd, "archive.tar");
    await copyFile(path.join(FIXTURES, "backups", "main-543b908.tar"), archive);
    expect((await runCommand([...FROM_SOURCE, "restore", archive], cwd, env)).code).toBe(0);
    expect(await chainAsShown(cwd)).toEqual({ warning: undefined, broken: null, intact: "1" });

    // Entry #2 edited behind the application's back.
    const db = createClient({ url: `file:${path.join(cwd, "data/casefile.db")}` });
    await db.execute("update audit_log set target_id = 999 where id = 2");
    db.close();
    const shown = await chainAsShown(cwd);
    expect(shown.intact).toBe("0");
    expect(shown.broken).toContain("entry #2");
    expect(shown.warning).toContain("The audit log's chain is broken");

    const verify = await runCommand([...FROM_SOURCE, "audit", "verify"], cwd, env);
    expect(verify.code).toBe(1);
    expect(verify.stderr).toContain("entry #2");
    const badFrom = await runCommand([...FROM_SOURCE, "audit", "reseal", "--from", "3"], cwd, env);
    expect(badFrom.code).toBe(2);
    expect(badFrom.stderr.trim()).toStartWith("The chain breaks before entry #3, at #2");

    const resealed = await runCommand([...FROM_SOURCE, "audit", "reseal", "--from", "2"], cwd, env);
    expect(resealed.stderr).toBe("");
    expect(resealed.code).toBe(0);
    expect(resealed.stdout).toContain("audit log resealed from entry #2");
    expect(resealed.stdout).toContain("it was broken: entry #2");
    expect((await runCommand([...FROM_SOURCE, "audit", "verify"], cwd, env)).code).toBe(0);

    const after = createClient({ url: `file:${path.join(cwd, "data/casefile.db")}` });
    const [entry] = (await after.execute("select actor_name, action, target_type, target_id, detail, hash from audit_log order by id desc limit 1")).rows;
    after.close();
    expect({ ...entry, hash: entry!.hash !== null }).toMatchObject({ actor_name: "command line", action: "audit.reseal", target_type: "audit", target_id: 2, hash: true });
    expect(JSON.parse(String(entry!.detail)).was_broken).toContain("entry #2");
    expect(await chainAsShown(cwd)).toEqual({ warning: undefined, broken: null, intact: "1" });
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
});
