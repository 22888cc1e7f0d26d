import { Elysia } from "elysia";
import { LIMITS, limitHit } from "../auth/rate-limit";
import { createSession, SESSION_DAYS } from "../auth/sessions.service";
import type { AppContext } from "../context";
import { sessionCookie } from "../http/cookies";
import { HttpError, json } from "../http/errors";
import { asRecord, stringField } from "../http/input";
import { clientAddress, isSecureRequest } from "../http/request-info";
import { userJson } from "../users/user-json";
import { ADMIN_NO_PHONE, adminExists } from "../users/users.service";
import { readRegistration } from "../users/validation";
import { createFirstAdmin, tokenIsValid } from "./setup.service";

/** GET /api/setup (is there anything to set up?) and POST /api/setup (the first admin, logged in at once). */
export function setupRoutes(ctx: AppContext) {
  return (app: Elysia) => app
    .get("/api/setup", async ({ request, query }) => {
      const needed = !(await adminExists(ctx.db));
      const token = typeof query.token === "string" ? query.token : undefined;
      if (!needed || token === undefined) return { needed };
      const valid = await tokenIsValid(ctx.db, token);
      // Trying tokens counts like trying to use one.
      if (!valid) await limitHit(ctx.db, `setup:address:${clientAddress(request, ctx.config)}`, LIMITS.setupPerAddress);
      return { needed, token_valid: valid };
    })
    .post("/api/setup", async ({ request, body }) => {
      const address = clientAddress(request, ctx.config);
      const input = asRecord(body);
      const token = stringField(input, "token");
      // Only wrong tokens are counted: the token is 256 random bits, so guessing is hopeless and the limit only stops
      // a flood; whoever holds the printed address is never locked out by others' tries from the same network.
      if (!(await tokenIsValid(ctx.db, token))) await limitHit(ctx.db, `setup:address:${address}`, LIMITS.setupPerAddress);
      // The registration's checks without a phone number or pronouns: the first admin needs neither (either is still
      // checked when sent).
      const fields = readRegistration({ phone_number: ADMIN_NO_PHONE, ...Object.fromEntries(Object.keys(input).map((k) => [k, stringField(input, k)])) });
      try {
        const user = await createFirstAdmin(ctx.db, token, fields);
        console.log(`setup: ${user.username} is the first admin (from ${address})`);
        const session = await createSession(ctx.db, user.id);
        return json(userJson(user), 201, {
          "set-cookie": sessionCookie(session, SESSION_DAYS * 24 * 60 * 60, isSecureRequest(request, ctx.config)),
        });
      } catch (error) {
        if (error instanceof HttpError) console.warn(`setup refused (${error.status}) from ${address}: ${error.message}`);
        throw error;
      }
    });
}
