import type { Participant } from "../../api/console";
import { formatDateTime } from "../../lib/format";
import { Face } from "../../ui/Face";
import { TableFrame } from "../../ui/Table";
import { roleLabel } from "./AdminUserDialog";

const actionClass = "min-h-9 rounded-md px-3 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-blue-700";

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
    <TableFrame
      caption="Users"
      columns={["ID", "Face", "Username", "Full name", "Email", "Phone", "Role", "Video watched", "Items", "Last activity", "Actions"].map((label) => ({ label }))}
    >
        <tbody className="divide-y divide-gray-200">
          {users.map((user) => (
            <tr key={user.id}>
              <td className="px-3 py-2 text-gray-700">{user.id}</td>
              <td className="px-3 py-2">
                <Face url={user.verification_photo_AWS_URL} name={user.username} size="size-10" />
              </td>
              <td className="px-3 py-2 font-semibold whitespace-nowrap">{user.username}</td>
              <td className="min-w-40 px-3 py-2">{user.full_name}</td>
              <td className="px-3 py-2 whitespace-nowrap">{user.email}</td>
              <td className="px-3 py-2 whitespace-nowrap">{user.phone_number}</td>
              <td className="px-3 py-2">{roleLabel(user.role)}</td>
              <td className="px-3 py-2">{user.video_watched ? "Yes" : "No"}</td>
              <td className="px-3 py-2 tabular-nums">{user.item_count ?? "–"}</td>
              <td className="px-3 py-2 text-xs whitespace-nowrap">{user.last_activity ? formatDateTime(user.last_activity) : "–"}</td>
              <td className="px-3 py-2">
                <div className="flex gap-2">
                  <button type="button" className={`${actionClass} ring-gray-300`} onClick={() => onInfo(user)} aria-label={`Info of ${user.username}`}>
                    Info
                  </button>
                  <button type="button" className={`${actionClass} ring-gray-300`} onClick={() => onEvidence(user)} aria-label={`Evidence of ${user.username}`}>
                    Evidence
                  </button>
                  <button type="button" className={`${actionClass} ring-gray-300`} onClick={() => onTimeline(user)} aria-label={`Timeline of ${user.username}`}>
                    Timeline
                  </button>
                  <button
                    type="button"
                    className={`${actionClass} text-red-800 ring-red-300`}
                    onClick={() => onDelete(user)}
                    aria-label={`Delete ${user.username}`}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
    </TableFrame>
  );
}
