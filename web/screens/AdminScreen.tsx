import { useCallback, useEffect, useId, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { listParticipants, type Participant } from "../api/console";
import { AdminEvidenceDialog } from "../features/console/components/AdminEvidenceDialog";
import { AdminUsersPanel } from "../features/participants/AdminUsersPanel";
import { AuditView } from "../features/console/components/AuditView";
import { EvidenceConsole } from "../features/console/components/EvidenceConsole";
import { t } from "../features/i18n/i18n";
import { ServerWarnings } from "../features/show/components/ServerWarnings";
import { ServerBanner } from "../features/server-status/ServerBanner";
import { Button, buttonClass } from "../ui/Button";
import { Page } from "../ui/Layout";

type View = "evidence" | "users" | "audit";

/** The view is in the URL (`?view=users`, `?view=audit&item=…`), so the audit log's links and Back work between them. */
function useView(): [View, (view: View, params?: Record<string, string>) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const named = new URLSearchParams(search).get("view");
  const view: View = named === "users" || named === "audit" ? named : "evidence";
  const go = useCallback(
    (next: View, params: Record<string, string> = {}) => {
      const query = new URLSearchParams(next === "evidence" ? params : { view: next, ...params }).toString();
      navigate(query ? `/admin?${query}` : "/admin");
    },
    [navigate],
  );
  return [view, go];
}

/**
 * On a phone the setup chip and the select make one short row, so the list starts on the first screen; the heading
 * is for screen readers there (the tab bar already marks Admin Page), as a truncated "Ad…" helped no one.
 */
const PHONE_HEADER =
  "max-sm:mb-2 max-sm:flex-nowrap max-sm:items-center max-sm:gap-x-3 max-sm:[&>div:first-child]:flex-1 max-sm:[&>div:last-child]:shrink-0 max-sm:[&>div:last-child]:items-center max-sm:[&_h1]:sr-only";

const PAGES = [
  ["/admin/show", "console.show_link"],
  ["/admin/invitation", "console.invitation_link"],
  ["/admin/server", "console.server_link"],
  ["/admin/languages", "console.languages_link"],
] as const;

/** A phone's one select for the desk's views and the admin's other pages (the laptop's row of buttons and links). */
function PhoneSections({ view, onView }: { view: View; onView: (view: View) => void }) {
  const id = useId();
  const [, navigate] = useLocation();
  const choose = (value: string) => (value.startsWith("/") ? navigate(value) : onView(value as View));
  return (
    <div className="sm:hidden">
      <label htmlFor={id} className="sr-only">
        {t("console.section")}
      </label>
      <select id={id} value={view} onChange={(event) => choose(event.target.value)} className="h-11 max-w-40 rounded-full border border-ink-300 bg-surface px-3 text-sm font-semibold text-ink-900">
        <option value="evidence">{t("console.all_evidence")}</option>
        <option value="users">{t("admin.users_title")}</option>
        <option value="audit">{t("console.audit.title")}</option>
        {PAGES.map(([href, label]) => (
          <option key={href} value={href}>
            {t(label)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Spec §4 admin screen, grown into the investigator's desk (issue 9): the console, the participants, the audit log. */
export default function AdminScreen() {
  const [view, setView] = useView();
  const [participants, setParticipants] = useState<Participant[]>([]);

  useEffect(() => {
    listParticipants().then(setParticipants, (error) => console.warn("No participants for the filter", error));
  }, [view]);

  const timeline = useCallback(
    (user: Participant) => setView("evidence", { user: String(user.id), sort: "oldest" }),
    [setView],
  );

  return (
    <Page
      title={t("console.administration")}
      wide
      headerClass={PHONE_HEADER}
      actions={
        <>
          <ServerWarnings folded />
          <PhoneSections view={view} onView={setView} />
          <div className="contents max-sm:hidden">
          <Button variant="secondary" onClick={() => setView(view === "evidence" ? "users" : "evidence")}>
            {view === "evidence" ? t("console.show_users") : t("console.show_evidence")}
          </Button>
          {view !== "audit" && (
            <Button variant="ghost" onClick={() => setView("audit")}>
              {t("console.audit.title")}
            </Button>
          )}
          {PAGES.map(([href, label]) => (
            <Link key={href} href={href} className={buttonClass("ghost")}>
              {t(label)}
            </Link>
          ))}
          </div>
        </>
      }
    >
      <ServerBanner />
      {view === "evidence" && (
        <>
          <h2 className="sr-only">{t("console.all_evidence")}</h2>
          <EvidenceConsole
            participants={participants}
            onHistory={(id) => setView("audit", { item: String(id), by: "all" })}
            renderViewer={(viewer) => (
              <AdminEvidenceDialog
                item={viewer.item}
                onClose={viewer.onClose}
                onChanged={viewer.onChanged}
                panel={viewer.panel}
                navigation={viewer.navigation}
                startEditing={viewer.editing}
                gone={viewer.gone}
              />
            )}
          />
        </>
      )}
      {view === "users" && (
        <section aria-labelledby="users-heading" className="space-y-4">
          <h2 id="users-heading" className="font-display text-display-sm text-ink-950">
            {t("admin.users_title")}
          </h2>
          <AdminUsersPanel onTimeline={timeline} />
        </section>
      )}
      {view === "audit" && <AuditView participants={participants} />}
    </Page>
  );
}
