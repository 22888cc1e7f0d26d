import { Elysia } from "elysia";
import { requireAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import { setVisibility, toggleVisibility, type VisibilityResult } from "../evidence/evidence-visibility";
import { EVENTS_AFTER_HEADER, newestAuditId } from "../events/event-stream";
import { errorBody, json } from "../http/errors";
import { asRecord, parseId } from "../http/input";
import { readOptionalSmallJson, readSmallJson } from "../http/json-body";
import { consoleItemJson } from "./console-json";
import { readConsoleFilter, readConsoleQuery } from "./console-query";
import { bulkAction, consoleItem, countConsole, listConsole, setInvestigatorNotes, setReviewStatus } from "./console.service";
import { readBulk, readInvestigatorNotes, readReview } from "./desk-input";
import { participantSummary } from "./participants.service";
import { withdrawalConflict } from "./withdrawal-conflict";
import { redactionConflict } from "../redaction/redaction-conflict";

/**
 * The investigator's desk: the admin list with search, filters, sort and counts, review state, investigator notes and
 * bulk actions. Admins only; the session is checked before any input is read (bodies are read by hand, not parsed first).
 */
export function deskRoutes(ctx: AppContext) {
  const changed = ({ ids, skippedWithdrawn, skippedUnredacted }: VisibilityResult) => ({
    updated: ids.length,
    ids,
    skipped_withdrawn: skippedWithdrawn,
    skipped_unredacted: skippedUnredacted,
  });
  // Bodies are read in the handler, after the session check, never parsed before it.
  const bodyReadAfterAuth = { parse: "none" as const };

  return (app: Elysia) => app
    .get("/api/evidence/admin", async ({ query, request, set }) => {
      await requireAdmin(ctx, request);
      const consoleQuery = readConsoleQuery(query);
      set.headers[EVENTS_AFTER_HEADER] = String(await newestAuditId(ctx.db)); // read before the list: see the header
      return (await listConsole(ctx.db, consoleQuery)).map(consoleItemJson);
    })

    .get("/api/evidence/admin/counts", async ({ query, request }) => {
      await requireAdmin(ctx, request);
      return countConsole(ctx.db, readConsoleFilter(query));
    })

    .put(
      "/api/evidence/review/:id",
      async ({ params, request }) => {
        const admin = await requireAdmin(ctx, request);
        const id = parseId(params.id);
        await setReviewStatus(ctx.db, [id], readReview(await readSmallJson(request)), admin);
        return consoleItemJson(await consoleItem(ctx.db, id));
      },
      bodyReadAfterAuth,
    )

    .put(
      "/api/evidence/notes/:id",
      async ({ params, request }) => {
        const admin = await requireAdmin(ctx, request);
        const id = parseId(params.id);
        const wanted = readInvestigatorNotes(await readSmallJson(request));
        const { conflict } = await setInvestigatorNotes(ctx.db, id, wanted, admin);
        if (conflict !== undefined) {
          const message = "Another admin changed these notes meanwhile.";
          return json({ ...errorBody(409, message), current: conflict, yours: wanted.notes, item: consoleItemJson(await consoleItem(ctx.db, id)) }, 409);
        }
        return consoleItemJson(await consoleItem(ctx.db, id));
      },
      bodyReadAfterAuth,
    )

    .put(
      "/api/evidence/bulk",
      async ({ request }) => {
        const admin = await requireAdmin(ctx, request);
        const { ids, action } = readBulk(await readSmallJson(request));
        return changed(await bulkAction(ctx, ids, action, admin));
      },
      bodyReadAfterAuth,
    )

    // The spec's toggle. Publishing a withdrawn item takes `{"override_withdrawal": true}`; without it, a 409 naming the withdrawal.
    .put(
      "/api/evidence/clearance/:id",
      async ({ params, request }) => {
        const admin = await requireAdmin(ctx, request);
        const id = parseId(params.id);
        const overrideWithdrawal = asRecord(await readOptionalSmallJson(request)).override_withdrawal === true;
        const outcome = await toggleVisibility(ctx.db, id, admin, { overrideWithdrawal });
        if ("withdrawal" in outcome) return withdrawalConflict(ctx.db, outcome.withdrawal);
        if ("unredacted" in outcome) return redactionConflict(ctx.db, id);
        return consoleItemJson(await consoleItem(ctx.db, id));
      },
      bodyReadAfterAuth,
    )

    .put("/api/evidence/makeAllPublic", async ({ request }) => {
      const admin = await requireAdmin(ctx, request);
      return changed(await setVisibility(ctx.db, true, admin));
    })

    .put("/api/evidence/makeAllSecret", async ({ request }) => {
      const admin = await requireAdmin(ctx, request);
      return changed(await setVisibility(ctx.db, false, admin));
    })

    .get("/api/user/:id/summary", async ({ params, request }) => {
      await requireAdmin(ctx, request);
      return participantSummary(ctx.db, parseId(params.id));
    });
}
