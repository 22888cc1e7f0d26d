import type { Database } from "../db/client";

/** How many items the public archive holds, in all and of each kind (media_type 1–4), as its list counts them. */
export type PublicCounts = { total: number; byKind: Record<number, number> };

export async function countPublicEvidence(db: Database): Promise<PublicCounts> {
  const { rows } = await db.$client.execute(
    "select e.media_type, count(*) from evidence e join users u on u.id = e.user_id where e.is_public = 1 group by e.media_type",
  );
  const byKind: Record<number, number> = {};
  for (const row of rows) byKind[Number(row[0])] = Number(row[1]);
  return { total: Object.values(byKind).reduce((sum, count) => sum + count, 0), byKind };
}

/**
 * The counts as the list's headers: X-Total-Count (the usual name) and X-Kind-Counts ("1=12, 2=40, …"), so the
 * archive's viewer can say "4 of 66" while only the first page is loaded. The body stays the array every client reads.
 */
export const publicCountHeaders = (counts: PublicCounts) => ({
  "x-total-count": String(counts.total),
  "x-kind-counts": Object.entries(counts.byKind)
    .map(([kind, count]) => `${kind}=${count}`)
    .join(", "),
});
