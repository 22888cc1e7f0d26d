/** `audit verify`: walks the audit log's hash chain, read-only (safe while serving). */
import { loadAuditKey, readAnchor } from "../audit/audit-key";
import { verifyAuditLog } from "../audit/audit-verify";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { CliError } from "./errors";

/** Exit code 0 when the chain is intact; 1, naming the first bad entry, when it was altered. */
export async function auditCommand(config: Config, subcommand: string): Promise<number> {
  if (subcommand !== "verify") throw new CliError(`unknown audit command "${subcommand}"; usage: casefile audit verify`);
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
