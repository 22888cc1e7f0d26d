import type { Participant } from "../../api/console";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Face } from "../../ui/Face";
import { RelativeTime } from "../../ui/RelativeTime";
import { TableFrame } from "../../ui/Table";
import { roleLabel } from "./AdminUserDialog";

const COLUMNS = ["ID", "Participant", "Contact", "Role", "Video watched", "Items", "Last activity", "Actions"].map((label) => ({ label }));

/** A long name is cut to the column with the whole of it on hover (the Info dialog shows it in full too). */
function Clipped({ text, className = "" }: { text: string; className?: string }) {
  return (
    <span className={`block truncate ${className}`} title={text}>
      {text}
    </span>
  );
}

/** The participants, one row each; the table scrolls sideways on a phone (the only thing on this screen that may). */
export function AdminUsersTable({
  users,
  onInfo,
  onEvidence,
  onTimeline,
  onDelete,
}: {
  users: Participant[];
  onInfo: (user: Participant) => void;
  onEvidence: (user: Participant) => void;
  onTimeline: (user: Participant) => void;
  onDelete: (user: Participant) => void;
}) {
  return (
    <TableFrame caption="Users" columns={COLUMNS}>
      <tbody className="divide-y divide-line">
        {users.map((user) => (
          <tr key={user.id} className="hover:bg-paper/70">
            <td className="px-2 py-2.5 text-muted tabular-nums">{user.id}</td>
            <td className="px-2 py-2.5">
              <div className="flex items-center gap-3">
                <Face url={user.verification_photo_AWS_URL} name={user.username} size="size-10" />
                <div className="min-w-0">
                  <Clipped text={user.username} className="max-w-40 font-semibold text-ink-950" />
                  <Clipped text={user.full_name} className="max-w-40 text-xs text-muted" />
                </div>
              </div>
            </td>
            <td className="px-2 py-2.5">
              <Clipped text={user.email} className="max-w-40 text-ink-800" />
              <span className="block text-xs whitespace-nowrap text-muted tabular-nums">{user.phone_number}</span>
            </td>
            <td className="px-2 py-2.5">
              <Badge variant={user.role === 1 ? "neutral" : "tape"}>{roleLabel(user.role)}</Badge>
            </td>
            <td className="px-2 py-2.5">{user.video_watched ? "Yes" : "No"}</td>
            <td className="px-2 py-2.5 tabular-nums">{user.item_count ?? "–"}</td>
            <td className="px-2 py-2.5 text-xs whitespace-nowrap">{user.last_activity ? <RelativeTime iso={user.last_activity} /> : "–"}</td>
            <td className="px-2 py-2.5">
              <div className="flex gap-1.5">
                <Button variant="secondary" size="sm" onClick={() => onInfo(user)} aria-label={`Info of ${user.username}`}>
                  Info
                </Button>
                <Button variant="secondary" size="sm" onClick={() => onEvidence(user)} aria-label={`Evidence of ${user.username}`}>
                  Evidence
                </Button>
                <Button variant="secondary" size="sm" onClick={() => onTimeline(user)} aria-label={`Timeline of ${user.username}`}>
                  Timeline
                </Button>
                {/* Quiet: a solid red button on every row shouts louder than the work the table is for. */}
                <Button variant="ghost" size="sm" className="text-red-800" onClick={() => onDelete(user)} aria-label={`Delete ${user.username}`}>
                  Delete
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
