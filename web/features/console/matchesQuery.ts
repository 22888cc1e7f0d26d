import type { ConsoleItem, ConsoleQuery } from "../../api/console";

export const KIND_NAMES = { 1: "note", 2: "image", 3: "video", 4: "audio" } as const;

/**
 * Whether a live item belongs in the current view. Only the filters the item itself carries are checked; a search
 * (q) is the server's to judge, so a new item under a search shows up and the next reload settles it.
 */
export function matchesQuery(item: ConsoleItem, query: ConsoleQuery) {
  const listed = (value: string, wanted: string) => !wanted || wanted.split(",").includes(value);
  const day = item.date_posted.slice(0, 10);
  return (
    listed(KIND_NAMES[item.media_type], query.kind) &&
    listed(item.review_status ?? "new", query.status) &&
    listed(item.is_public ? "public" : "private", query.visibility) &&
    listed(String(item.user_id), query.user) &&
    listed(String(item.id), query.id) &&
    (!query.from || day >= query.from.slice(0, 10)) &&
    (!query.to || day <= query.to.slice(0, 10))
  );
}
