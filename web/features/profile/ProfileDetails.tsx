import type { User } from "../../api/types";
import { pronounLabel } from "../../lib/pronouns";
import { t } from "../i18n/i18n";

/** The read view: label above value on a phone, beside it on a wider screen; long emails wrap inside their row. */
export function ProfileDetails({ user }: { user: User }) {
  // Addresses and numbers read left to right in every language; a name in the direction of its own letters.
  const rows: [string, string, "ltr" | "auto"][] = [
    [t("form.full_name"), user.full_name, "auto"],
    [t("form.email"), user.email, "ltr"],
    [t("form.phone"), user.phone_number, "ltr"],
    [t("form.pronouns"), pronounLabel(user.pronouns), "auto"],
  ];
  return (
    <dl className="divide-y divide-line">
      {rows.map(([label, value, dir]) => (
        <div key={label} className="grid gap-1 py-3 first:pt-0 sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="text-xs font-semibold tracking-[0.14em] text-muted uppercase sm:pt-0.5">{label}</dt>
          <dd className="min-w-0 text-base [overflow-wrap:anywhere] text-ink-900 text-page-start" dir={dir}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
