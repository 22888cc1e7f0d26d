import { Elysia } from "elysia";
import { LIMITS } from "../auth/rate-limit";
import type { AppContext } from "../context";
import { badRequest, tooManyRequests } from "../http/errors";
import { asRecord, stringField } from "../http/input";
import { clientAddress } from "../http/request-info";
import { checkPassword } from "../users/validation";
import { findUserByEmail } from "../users/users.service";
import { checkResetCode, resetPassword, sendResetCode } from "./reset.service";

export const RESET_MESSAGES = {
  emailMissing: "Please enter your email address",
  codeMissing: "Please enter the code and your email address",
  badCode: "Incorrect code. Please try again.",
};

/** The spec sends some payloads as arrays: [code, email] and [{ email, password, code }]. */
function emailFromSendPayload(body: unknown): string {
  if (Array.isArray(body)) return typeof body[1] === "string" ? body[1] : "";
  return stringField(asRecord(body), "email");
}

export function resetRoutes(ctx: AppContext) {
  const limitAddress = (request: Request) => {
    if (!ctx.limiter.hit(`reset:address:${clientAddress(request, ctx.config)}`, LIMITS.resetPerAddress)) throw tooManyRequests();
  };
  const requireEmail = (email: string) => {
    if (!email) throw badRequest(RESET_MESSAGES.emailMissing);
    return email;
  };
  /** Both "send" and "request another code" mail a fresh server-made code; any code sent by the browser is ignored. */
  const mailFreshCode = async ({ body, request }: { body: unknown; request: Request }) => {
    const email = requireEmail(emailFromSendPayload(body).trim());
    limitAddress(request);
    if (!ctx.limiter.hit(`reset:account:${email.toLowerCase()}`, LIMITS.resetPerAccount)) throw tooManyRequests();
    await sendResetCode(ctx, email);
    return { sent: true };
  };

  return new Elysia({ name: "reset" })
    .post("/api/email/check-email", async ({ body, request }) => {
      const email = requireEmail(stringField(asRecord(body), "email").trim());
      limitAddress(request);
      return { exists: !!(await findUserByEmail(ctx.db, email)) };
    })

    .post("/api/email/send", mailFreshCode)

    .put("/api/email/reset-code", mailFreshCode)

    .post("/api/email/check/reset-code", async ({ body }) => {
      const input = asRecord(body);
      const email = stringField(input, "email").trim();
      const code = stringField(input, "code").trim();
      if (!email || !code) throw badRequest(RESET_MESSAGES.codeMissing);
      return { codeMatches: !!(await checkResetCode(ctx, email, code)) };
    })

    .put("/api/user/passwordupdated", async ({ body }) => {
      const input = asRecord(Array.isArray(body) ? body[0] : body);
      const email = stringField(input, "email").trim();
      const code = stringField(input, "code").trim();
      const password = stringField(input, "password") || stringField(input, "newPassword");
      if (!email || !code) throw badRequest(RESET_MESSAGES.codeMissing);
      checkPassword(password);
      if (!(await resetPassword(ctx, email, code, password))) throw badRequest(RESET_MESSAGES.badCode);
      return { ok: true };
    });
}
