import { useId, useMemo, useState } from "react";
import type { Participant } from "../../api/console";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Face } from "../../ui/Face";
import { RelativeTime } from "../../ui/RelativeTime";
import { TableFrame } from "../../ui/Table";
import { t, type MessageId } from "../i18n/i18n";
import { formatNumber } from "../../lib/format";
import { roleLabel } from "./AdminUserDialog";
import { matchesPerson, type SortOrder, sortPeople, type UserSort } from "./people";

/** Each column's heading and what it sorts by (the actions sort nothing). */
const COLUMNS: [MessageId, UserSort | null][] = [
  ["evidence.column.id", "id"],
  ["viewer.participant", "name"],
  ["admin.column.contact", "contact"],
  ["admin.user.role", "role"],
  ["admin.user.video_watched", "video"],
  ["admin.column.items", "items"],
  ["admin.column.last_activity", "activity"],
  ["admin.column.actions", null],
];

/** A column's heading as the button that sorts by it: first ascending, then descending; the arrow shows which. */
function SortButton({ label, active, descending, onSort }: { label: string; active: boolean; descending: boolean; onSort: () => void }) {
  return (
    <button type="button" onClick={onSort} className="inline-flex items-center gap-1 uppercase tracking-wider hover:text-ink-950 focus-visible:outline-2 focus-visible:outline-offset-2">
      {label}
      <span aria-hidden="true" className={active ? "text-ink-950" : "text-ink-300"}>
        {active && descending ? "↓" : "↑"}
      </span>
    </button>
  );
}

/** A long name is cut to the column with the whole of it on hover (the Info dialog shows it in full too). */
function Clipped({ text, className = "", dir = "auto" }: { text: string; className?: string; dir?: "ltr" | "auto" }) {
  return (
    <span dir={dir} className={`block truncate text-page-start ${className}`} title={text}>
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
  const [typed, setTyped] = useState("");
  const [order, setOrder] = useState<SortOrder>({ by: "id", descending: false });
  const shown = useMemo(() => sortPeople(users.filter((user) => matchesPerson(user, typed)), order), [users, typed, order]);
  const searchId = useId();
  const columns = COLUMNS.map(([id, by]) => {
    if (!by) return { label: t(id) };
    const active = order.by === by;
    const onSort = () => setOrder({ by, descending: active && !order.descending });
    return { label: <SortButton label={t(id)} active={active} descending={order.descending} onSort={onSort} />, sort: active ? (order.descending ? "descending" : "ascending") : "none" } as const;
  });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label htmlFor={searchId} className="sr-only">
          {t("admin.users_search")}
        </label>
        <input
          id={searchId}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={t("admin.users_search_placeholder")}
          className="block h-11 w-full rounded-full border border-ink-300 bg-surface px-4 text-sm text-ink-900 focus:border-ink-900 focus:outline-2 focus:outline-ink-900 sm:h-9 sm:max-w-sm"
        />
        <p role="status" className="text-sm text-muted tabular-nums">
          {typed.trim() && shown.length === 0 ? t("admin.users_no_match", { typed: typed.trim() }) : t("admin.users_shown", { shown: shown.length, total: users.length })}
        </p>
      </div>
      <TableFrame caption={t("admin.users_title")} columns={columns}>
        <tbody className="divide-y divide-line">
          {shown.map((user) => (
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
                <Clipped text={user.email} dir="ltr" className="max-w-40 text-ink-800" />
                <span dir="ltr" className="block text-xs whitespace-nowrap text-muted tabular-nums">{user.phone_number}</span>
              </td>
              <td className="px-2 py-2.5">
                <Badge variant={user.role === 1 ? "neutral" : "tape"}>{roleLabel(user.role)}</Badge>
              </td>
              <td className="px-2 py-2.5">{user.video_watched ? t("admin.yes") : t("admin.no")}</td>
              <td className="px-2 py-2.5 tabular-nums">{user.item_count != null ? formatNumber(user.item_count) : "–"}</td>
              <td className="px-2 py-2.5 text-xs whitespace-nowrap">{user.last_activity ? <RelativeTime iso={user.last_activity} /> : "–"}</td>
              <td className="px-2 py-2.5">
                <div className="flex gap-1.5">
                  <Button variant="secondary" size="sm" onClick={() => onInfo(user)} aria-label={t("admin.info_of", { name: user.username })}>
                    {t("admin.info")}
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => onEvidence(user)} aria-label={t("admin.evidence_of", { name: user.username })}>
                    {t("admin.evidence")}
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => onTimeline(user)} aria-label={t("admin.timeline_of", { name: user.username })}>
                    {t("admin.timeline")}
                  </Button>
                  {/* Quiet: a solid red button on every row shouts louder than the work the table is for. */}
                  <Button variant="ghost" size="sm" className="text-red-800" onClick={() => onDelete(user)} aria-label={t("admin.delete_user", { name: user.username })}>
                    {t("evidence.delete")}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
    </div>
  );
}
