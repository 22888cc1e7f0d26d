/** The redaction contract (docs/redaction.md): one item's current version, a new one, its verification. */
import { request } from "../../api/client";
import type { AudioRange, Region } from "../../../src/redaction/redaction-plan";
import type { FoundFace } from "./detector";

export type RedactionStatus = "none" | "pending" | "done" | "failed";

export interface RedactionState {
  version: number;
  status: RedactionStatus;
  regions: Region[];
  audio: AudioRange[];
  error: string | null;
  /** The redacted copy (admins may read it), once made. */
  copy: { url: string; poster_url?: string; thumbnail_url?: string } | null;
  verification: { faces_found: number; accepted: boolean; at: string; by: { id: number; username: string } } | null;
  /** Done, and nothing left to check (empty plan, no face found, or accepted): the item may be published. */
  passed: boolean;
  history: { version: number; status: RedactionStatus; created_at: string; created_by: { id: number; username: string }; regions: number; audio: number }[];
}

/** What the console lists carry of it. */
export type RedactionSummary = { version: number; status: RedactionStatus; passed: boolean } | null;

const path = (id: number) => `/api/evidence/${id}/redactions`;

export const getRedaction = (id: number) => request<RedactionState>("GET", path(id));
export const saveRedaction = (id: number, plan: { regions: Region[]; audio: AudioRange[] }) => request<RedactionState>("PUT", path(id), plan);
export const reportVerification = (id: number, version: number, faces: FoundFace[], accept?: boolean) =>
  request<RedactionState>("POST", `${path(id)}/${version}/verification`, accept === undefined ? { faces } : { faces, accept });
