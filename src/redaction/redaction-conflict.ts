import type { Database } from "../db/client";
import { errorBody, json } from "../http/errors";
import { currentRedactions, redactionSummary } from "./redaction-state";

export const REDACTION_REQUIRED_MESSAGE = "This item must go through the redaction step (its redacted copy made and checked) before it can be made public.";

/** The 409 of a publish the redaction rules refuse, with where the item's redaction stands. */
export async function redactionConflict(db: Database, id: number): Promise<Response> {
  const current = (await currentRedactions(db, [id])).get(id);
  return json({ ...errorBody(409, REDACTION_REQUIRED_MESSAGE, "evidence.redaction-required"), redaction: redactionSummary(current) ?? { version: 0, status: "none", passed: false } }, 409);
}
