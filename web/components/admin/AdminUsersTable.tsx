import type { User } from "../../api/types";
import { roleLabel } from "./AdminUserDialog";

const actionClass = "min-h-9 rounded-md px-3 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-blue-700";

export function AdminUsersTable({
  users,
  onInfo,
  onEvidence,
  onDelete,
}: {
  users: User[];
  onInfo: (user: User) => void;
  onEvidence: (user: User) => void;
  onDelete: (user: User) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="bg-gray-100 text-xs font-bold tracking-wide text-gray-800 uppercase">
          <tr>
            {["ID", "Username", "Full name", "Email", "Role", "Video watched", "Actions"].map((header) => (
              <th key={header} scope="col" className="px-3 py-3 whitespace-nowrap">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {users.map((user) => (
            <tr key={user.id}>
              <td className="px-3 py-2 text-gray-700">{user.id}</td>
              <td className="px-3 py-2 font-semibold">{user.username}</td>
              <td className="px-3 py-2">{user.full_name}</td>
              <td className="px-3 py-2">{user.email}</td>
              <td className="px-3 py-2">{roleLabel(user.role)}</td>
              <td className="px-3 py-2">{user.video_watched ? "Yes" : "No"}</td>
              <td className="px-3 py-2">
                <div className="flex gap-2">
                  <button type="button" className={`${actionClass} ring-gray-300`} onClick={() => onInfo(user)} aria-label={`Info of ${user.username}`}>
                    Info
                  </button>
                  <button type="button" className={`${actionClass} ring-gray-300`} onClick={() => onEvidence(user)} aria-label={`Evidence of ${user.username}`}>
                    Evidence
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
      </table>
    </div>
  );
}
