import { request } from "../../api/client";
import type { Evidence } from "../../api/types";

/** One public item, for a link to /archive/<id> whose item is not among the pages loaded so far (404 when private or unknown). */
export const getPublicEvidence = (id: number) => request<Evidence>("GET", `/api/evidence/public/${id}`);
