import { inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/users";
import type { StandingWithdrawal } from "../evidence/evidence-visibility";
import { errorBody, json } from "../http/errors";

/**
 * The 409 of a publish that meets a participant's withdrawal: who withdrew and when, so the admin can decide on
 * purpose (`override_withdrawal`). Names are as they are now (null once an account is gone).
 */
export async function withdrawalConflict(db: Database, withdrawal: StandingWithdrawal): Promise<Response> {
  const ids = [withdrawal.userId, ...(withdrawal.withdrawnBy === null ? [] : [withdrawal.withdrawnBy])];
  const names = new Map((await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.username]));
  const participant = names.get(withdrawal.userId) ?? null;
  const message =
    `${participant ?? "The participant"} withdrew this item from the public archive on ${withdrawal.withdrawnAt}; ` +
    'publishing it anyway needs {"override_withdrawal": true}.';
  return json(
    {
      ...errorBody(409, message, "evidence.withdrawn"),
      withdrawn_at: withdrawal.withdrawnAt,
      withdrawn_by: withdrawal.withdrawnBy === null ? null : { id: withdrawal.withdrawnBy, username: names.get(withdrawal.withdrawnBy) ?? null },
      participant: { id: withdrawal.userId, username: participant },
    },
    409,
  );
}
