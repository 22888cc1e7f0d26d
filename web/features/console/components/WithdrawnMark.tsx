import type { Evidence } from "../../../api/types";
import { Badge } from "../../../ui/Badge";
import { withdrawalText } from "../withdrawal";

/** The mark of a withdrawn item, in the list, the grid and the viewer: when and by whom, in one badge that may wrap. */
export function WithdrawnMark({ item, className = "" }: { item: Pick<Evidence, "user_id" | "withdrawn_at" | "withdrawn_by">; className?: string }) {
  if (!item.withdrawn_at) return null;
  return (
    <Badge variant="withdrawn" className={`!whitespace-normal !rounded-md ${className}`}>
      {withdrawalText(item)}
    </Badge>
  );
}
