import { Elysia } from "elysia";
import { requireAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import { auditJson, listAudit, readAuditFilter } from "./audit-query";

/** The audit log, read-only: no route changes an entry. */
export function auditRoutes(ctx: AppContext) {
  return new Elysia({ name: "audit" }).get("/api/audit", async ({ query, request }) => {
    await requireAdmin(ctx, request);
    return (await listAudit(ctx.db, readAuditFilter(query))).map(auditJson);
  });
}
