/**
 * `audit verify`: walks the audit log's hash chain, read-only (safe while serving).
 * `audit reseal --from <entry>`: seals the chain again from an entry on (audit-reseal.ts), with the servers stopped.
 */
import { loadAuditKey, readAnchor } from "../audit/audit-key";
import { resealAuditLog } from "../audit/audit-reseal";
import { verifyAuditLog } from "../audit/audit-verify";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { CliError } from "./errors";

export async function resealCommand(config: Config, from: string | undefined): Promise<number> {
  const entry = Number(from);
  if (!from || !Number.isSafeInteger(entry) || entry < 1) throw new CliError("usage: casefile audit reseal --from <entry number> (the first entry casefile audit verify names as broken)");
  const { db, client } = await openDatabase(config);
  try {
    const done = await resealAuditLog(db, config.audit, entry).catch((error: Error) => {
      throw new CliError(error.message);
    });
    console.log(
      `audit log resealed from entry #${done.from} to #${done.to}, head ${done.head}` +
        (done.wasBroken ? ` (it was broken: ${done.wasBroken})` : " (it was intact)") + "; the reseal is itself an entry of the log",
    );
    return 0;
  } finally {
    client.close();
  }
}

/** Exit code 0 when the chain is intact; 1, naming the first bad entry, when it was altered. */
export async function auditCommand(config: Config, subcommand: string): Promise<number> {
  if (subcommand !== "verify") throw new CliError(`unknown audit command "${subcommand}"; usage: casefile audit verify  or  casefile audit reseal --from <entry>`);
  const key = await loadAuditKey(config.audit, false);
  if (!key) throw new CliError(`No audit key: set AUDIT_KEY, or put the server's ${config.audit.keyFile} there (see docs/security.md).`);
  const { client } = await openDatabase(config);
  try {
    const verdict = await verifyAuditLog(client, key, await readAnchor(config.audit));
    if (!verdict.intact) {
      console.error(`audit log altered: ${verdict.reason}`);
      return 1;
    }
    const pending = verdict.entries - verdict.sealed;
    console.log(
      `audit log intact: ${verdict.entries} entries, head ${verdict.head}` +
        (pending ? ` (${pending} newest not sealed yet: the server seals them right after each write)` : ""),
    );
    return 0;
  } finally {
    client.close();
  }
}
