import type { User } from "../../api/types";
import { PREFER_NOT_TO_SAY } from "../../lib/pronouns";

/** The read view: label above value on a phone, beside it on a wider screen; long emails wrap inside their row. */
export function ProfileDetails({ user }: { user: User }) {
  const rows: [string, string][] = [
    ["Full Name", user.full_name],
    ["Email", user.email],
    ["Phone Number", user.phone_number],
    ["Pronouns", user.pronouns || PREFER_NOT_TO_SAY],
  ];
  return (
    <dl className="divide-y divide-line">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 py-3 first:pt-0 sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="text-xs font-semibold tracking-[0.14em] text-muted uppercase sm:pt-0.5">{label}</dt>
          <dd className="min-w-0 text-base [overflow-wrap:anywhere] text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
