import { Elysia } from "elysia";
import { requireAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import { auditHead } from "./audit-chain";
import { auditJson, listAudit, readAuditFilter } from "./audit-query";

/**
 * The audit log, read-only: no route changes an entry. The head (the last sealed entry's number and hash, and
 * whether sealing stopped on a broken chain) is for admins to note or compare with the server's log.
 */
export function auditRoutes(ctx: AppContext) {
  return (app: Elysia) => app
    .get("/api/audit", async ({ query, request }) => {
      await requireAdmin(ctx, request);
      return (await listAudit(ctx.db, readAuditFilter(query))).map(auditJson);
    })
    .get("/api/audit/head", async ({ request }) => {
      await requireAdmin(ctx, request);
      return auditHead(ctx.db);
    });
}
