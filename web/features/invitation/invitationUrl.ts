/** Which address the invitation's QR code carries, and what might be wrong with it for phones at the venue. */
import type { MessageId } from "../i18n/i18n";

/** PUBLIC_URL when the server knows it; else the address this admin's browser is using. */
export function invitationUrl(publicUrl: string | null, here: Location | URL = window.location): string {
  return publicUrl ?? `${here.origin}/`;
}

export type UrlProblem = "this-computer-only" | "no-https" | undefined;

export const URL_PROBLEM_TEXT: Record<NonNullable<UrlProblem>, MessageId> = {
  "this-computer-only": "invitation.problem.this_computer_only",
  "no-https": "invitation.problem.no_https",
};

/** A loopback address works only on the server's own machine; plain http keeps the in-browser camera and recorder off. */
export function urlProblem(url: string): UrlProblem {
  const { hostname, protocol } = new URL(url);
  if (hostname === "localhost" || hostname === "[::1]" || hostname.startsWith("127.")) return "this-computer-only";
  return protocol === "https:" ? undefined : "no-https";
}
