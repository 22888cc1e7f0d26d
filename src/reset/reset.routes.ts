import { Elysia } from "elysia";
import { sha256Hex } from "../auth/passwords";
import { limitAddressHit, LIMITS, limitHit, type Limit } from "../auth/rate-limit";
import type { AppContext } from "../context";
import { readCookie, RESET_PROOF_COOKIE, resetProofCookie } from "../http/cookies";
import { badRequest, errorBody, errorMessages, HttpError, json } from "../http/errors";
import { asRecord, stringField } from "../http/input";
import { isSecureRequest } from "../http/request-info";
import { identityKey } from "../users/identity-key";
import { checkPassword } from "../users/validation";
import { findUserByEmail } from "../users/users.service";
import { checkResetCode, PROOF_TTL_MS, resetPassword, sendResetCode } from "./reset.service";

export const RESET_MESSAGES = errorMessages("reset", {
  emailMissing: "Please enter your email address",
  codeMissing: "Please enter the code and your email address",
  badCode: "Incorrect code. Please try again.",
});

/** The spec sends some payloads as arrays: [code, email] and [{ email, password, code }]. */
function emailFromSendPayload(body: unknown): string {
  if (Array.isArray(body)) return typeof body[1] === "string" ? body[1] : "";
  return stringField(asRecord(body), "email");
}

/**
 * The password update as any client sends it: `[{ email, password, code }]` (or the object alone), or the
 * original client's `[[password, email]]`, which carries no code.
 */
function readPasswordUpdate(body: unknown): { email: string; password: string; code: string } {
  const first = Array.isArray(body) ? body[0] : body;
  if (Array.isArray(first)) {
    const [password, email] = first;
    return { email: typeof email === "string" ? email.trim() : "", password: typeof password === "string" ? password : "", code: "" };
  }
  const input = asRecord(first);
  return {
    email: stringField(input, "email").trim(),
    password: stringField(input, "password") || stringField(input, "newPassword"),
    code: stringField(input, "code").trim(),
  };
}

export function resetRoutes(ctx: AppContext) {
  const secureCookie = (request: Request) => isSecureRequest(request, ctx.config);
  /** Loose per address: a whole venue may share one. */
  const limitAddress = (request: Request) => limitAddressHit(ctx.db, ctx.config, request, "reset", LIMITS.resetPerAddress);
  /** Tight per account, keyed by the email's identity key, hashed (it is personal). */
  const limitAccount = (email: string, kind: "send" | "try" | "check", limit: Limit) =>
    limitHit(ctx.db, `reset:${kind}:${sha256Hex(identityKey(email))}`, limit);
  const requireEmail = (email: string) => {
    if (!email) throw badRequest(RESET_MESSAGES.emailMissing);
    return email;
  };
  /** Both "send" and "request another code" mail a fresh server-made code; any code sent by the browser is ignored. */
  const mailFreshCode = async ({ body, request }: { body: unknown; request: Request }) => {
    const email = requireEmail(emailFromSendPayload(body).trim());
    await limitAddress(request);
    await limitAccount(email, "send", LIMITS.resetSendPerAccount);
    await sendResetCode(ctx, email);
    return { sent: true };
  };

  return (app: Elysia) => app
    // A limit reached must not read as "no such account": the original client alerts "No account is registered with
    // that email address" whenever `exists` is not true. The refusal says to wait and carries `exists: true`, which
    // sends that client on to its code step (where "request another code" works once the wait is over).
    .post("/api/email/check-email", async ({ body, request }) => {
      const email = requireEmail(stringField(asRecord(body), "email").trim());
      try {
        await limitAddress(request);
        await limitAccount(email, "check", LIMITS.resetCheckPerAccount);
      } catch (error) {
        if (error instanceof HttpError && error.status === 429) return json({ ...errorBody(429, error.message, error.code), exists: true }, 429);
        throw error;
      }
      return { exists: !!(await findUserByEmail(ctx.db, email)) };
    })

    .post("/api/email/send", mailFreshCode)

    .put("/api/email/reset-code", mailFreshCode)

    .post("/api/email/check/reset-code", async ({ body, request }) => {
      const input = asRecord(body);
      const email = stringField(input, "email").trim();
      const code = stringField(input, "code").trim();
      if (!email || !code) throw badRequest(RESET_MESSAGES.codeMissing);
      await limitAddress(request);
      await limitAccount(email, "try", LIMITS.resetTryPerAccount);
      const proof = await checkResetCode(ctx, email, code);
      if (!proof) return { codeMatches: false };
      return json({ codeMatches: true }, 200, { "set-cookie": resetProofCookie(proof, PROOF_TTL_MS / 1000, secureCookie(request)) });
    })

    .put("/api/user/passwordupdated", async ({ body, request }) => {
      const { email, password, code } = readPasswordUpdate(body);
      // Without a code, only the browser that just proved it (its HttpOnly cookie) may change the password.
      const proof = code ? undefined : readCookie(request, RESET_PROOF_COOKIE);
      if (!email || (!code && !proof)) throw badRequest(RESET_MESSAGES.codeMissing);
      await limitAddress(request);
      await limitAccount(email, "try", LIMITS.resetTryPerAccount);
      checkPassword(password);
      if (!(await resetPassword(ctx, email, proof ? { proof } : { code }, password))) throw badRequest(RESET_MESSAGES.badCode);
      return json({ ok: true }, 200, proof ? { "set-cookie": resetProofCookie("", 0, secureCookie(request)) } : {});
    });
}
