import { request } from "./client";

export const checkEmail = (email: string) => request<{ exists: boolean }>("POST", "/api/email/check-email", { email });
/** The server makes the code (design.md §3); the code slot of the spec's [code, email] payload is ignored. */
export const sendResetCode = (email: string) => request<unknown>("POST", "/api/email/send", ["", email]);
export const requestAnotherCode = (email: string) => request<unknown>("PUT", "/api/email/reset-code", { code: "", email });
export const checkResetCode = (email: string, code: string) =>
  request<{ codeMatches: boolean }>("POST", "/api/email/check/reset-code", { email, code });
export const updatePassword = (email: string, password: string, code: string) =>
  request<unknown>("PUT", "/api/user/passwordupdated", [{ email, password, code }]);
