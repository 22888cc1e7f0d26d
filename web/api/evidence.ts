import { request } from "./client";
import type { Evidence } from "./types";

export const PAGE_SIZE = 50;

export const listOwnEvidence = () => request<Evidence[]>("GET", "/api/evidence");

function page(path: string, before?: number) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (before !== undefined) query.set("before", String(before));
  return request<Evidence[]>("GET", `${path}?${query}`);
}
export const listPublicEvidence = (before?: number) => page("/api/evidence/public", before);
export const listAllEvidence = (before?: number) => page("/api/evidence/admin", before);

export const updateEvidence = (id: number, form: FormData) =>
  request<Evidence>("PUT", `/api/evidence/update/${id}`, form);
export const deleteEvidence = (id: number) => request<unknown>("DELETE", `/api/evidence/delete/${id}`);
export const toggleClearance = (id: number) => request<Evidence>("PUT", `/api/evidence/clearance/${id}`);
export const makeAllPublic = () => request<{ updated: number }>("PUT", "/api/evidence/makeAllPublic");
export const makeAllSecret = () => request<{ updated: number }>("PUT", "/api/evidence/makeAllSecret");
