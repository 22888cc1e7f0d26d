import { request, requestWithHeaders } from "./client";
import type { Evidence } from "./types";
import { ARCHIVE_PAGE_SIZE } from "../../src/evidence/archive-page";

export const PAGE_SIZE = 50;

export const listOwnEvidence = () => request<Evidence[]>("GET", "/api/evidence");

function pagePath(path: string, before?: number, size = PAGE_SIZE) {
  const query = new URLSearchParams({ limit: String(size) });
  if (before !== undefined) query.set("before", String(before));
  return `${path}?${query}`;
}

/** How many public items there are, in all (kind 0) and of each kind, from the list's headers; null when not said. */
export type PublicCounts = Record<number, number>;

function countsOf(headers: Headers): PublicCounts | null {
  const total = Number(headers.get("x-total-count") ?? Number.NaN);
  if (!Number.isInteger(total)) return null;
  const counts: PublicCounts = { 0: total };
  for (const pair of (headers.get("x-kind-counts") ?? "").split(",")) {
    const [kind, count] = pair.split("=").map(Number);
    if (Number.isInteger(kind) && Number.isInteger(count)) counts[kind!] = count!;
  }
  return counts;
}

export async function listPublicEvidence(before?: number): Promise<{ items: Evidence[]; counts: PublicCounts | null }> {
  const { data, headers } = await requestWithHeaders<Evidence[]>("GET", pagePath("/api/evidence/public", before, ARCHIVE_PAGE_SIZE));
  return { items: data, counts: countsOf(headers) };
}
export const listAllEvidence = (before?: number) => request<Evidence[]>("GET", pagePath("/api/evidence/admin", before));

export const updateEvidence = (id: number, form: FormData) =>
  request<Evidence>("PUT", `/api/evidence/update/${id}`, form);
export const deleteEvidence = (id: number) => request<unknown>("DELETE", `/api/evidence/delete/${id}`);
export const toggleClearance = (id: number) => request<Evidence>("PUT", `/api/evidence/clearance/${id}`);
export const makeAllPublic = () => request<{ updated: number }>("PUT", "/api/evidence/makeAllPublic");
export const makeAllSecret = () => request<{ updated: number }>("PUT", "/api/evidence/makeAllSecret");
