/**
 * "Everyone watches the new briefing again": the only thing that clears participants' video_watched. Replacing the
 * briefing video never does. The admin confirms the number of participants it affects; if it changed meanwhile
 * (someone finished the briefing), they are asked again rather than surprised.
 */
import { and, count, eq } from "drizzle-orm";
import { auditStatement, type AuditActor } from "../audit/audit-record";
import { ROLE_USER } from "../auth/guard";
import type { AppContext } from "../context";
import { showState } from "../db/show-state";
import { users } from "../db/users";
import { HttpError } from "../http/errors";
import { bumpVersion, SHOW_VERSION } from "./show.service";

const watchedParticipants = and(eq(users.role, ROLE_USER), eq(users.videoWatched, true));

export async function briefingResetCount(ctx: AppContext): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(users).where(watchedParticipants);
  return row?.n ?? 0;
}

export class CountChanged extends HttpError {
  constructor(readonly participants: number) {
    super(409, `The number of participants changed: ${participants} would now watch the briefing again. Please confirm again.`);
  }
}

export async function resetBriefing(ctx: AppContext, actor: NonNullable<AuditActor>, confirmed: number): Promise<{ participants: number; briefingVersion: number }> {
  const participants = await briefingResetCount(ctx);
  if (participants !== confirmed) throw new CountChanged(participants);
  const [, , , [state]] = await ctx.db.batch([
    ctx.db.update(users).set({ videoWatched: false }).where(watchedParticipants),
    bumpVersion(ctx.db, true),
    auditStatement(ctx.db, { actor, action: "show.briefing_reset", targetType: "show", targetId: SHOW_VERSION, detail: { participants } }),
    ctx.db.select({ briefingVersion: showState.briefingVersion }).from(showState).where(eq(showState.id, 1)),
  ]);
  return { participants, briefingVersion: state!.briefingVersion };
}
