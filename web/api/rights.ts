import { request } from "./client";
import type { Evidence, User } from "./types";

export const consentTo = (version: number) => request<User>("PUT", "/api/user/consent", { privacy_consent: version });
export const deleteMyAccount = (password: string) => request<{ ok: true }>("DELETE", "/api/user", { password });
export const withdrawEvidence = (id: number) => request<Evidence>("PUT", `/api/evidence/withdraw/${id}`);
/** A plain link: the browser downloads the ZIP as it streams. */
export const MY_DATA_URL = "/api/user/data";

export type RetentionCounts = { photos: number; phones: number; emails: number; items: number };
export type RetentionPlan = {
  days: number;
  keepUnpublished: boolean;
  archiveSince: string | null;
  dueAt: string | null;
  counts: RetentionCounts;
  lastRun: { at: string; report: RetentionCounts } | null;
};
export const fetchRetention = () => request<RetentionPlan>("GET", "/api/retention");
export const runRetentionNow = (counts: RetentionCounts) => request<{ plan: RetentionPlan }>("POST", "/api/retention/run", { counts });
