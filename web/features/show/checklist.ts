import { request } from "../../api/client";

/** A row of the set-up checklist (GET /api/show/warnings, docs/show-api.md). */
export interface ChecklistRow {
  code: string;
  message: string;
  params?: Record<string, string>;
  /** Where in the console it is fixed (a section of the Show screen is `/admin/show#show-<section>`). */
  href: string;
  acknowledged: boolean;
  /** The variable to set (then restart) when the browser cannot fix it. */
  restart?: string;
  action?: "test-mail";
}

type Checklist = { warnings: ChecklistRow[] };

export const getChecklist = () => request<Checklist>("GET", "/api/show/warnings");
export const setAcknowledged = (code: string, acknowledged: boolean) =>
  request<Checklist>("PUT", `/api/show/warnings/${encodeURIComponent(code)}/acknowledged`, { acknowledged });
export const sendTestMail = () => request<Checklist & { to: string }>("POST", "/api/show/warnings/test-mail");
