import { useCallback, useEffect, useState } from "react";
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
      actions={
        <>
          <ServerWarnings folded />
          <Button variant="secondary" onClick={() => setView(view === "evidence" ? "users" : "evidence")}>
            {view === "evidence" ? t("console.show_users") : t("console.show_evidence")}
          </Button>
          {view !== "audit" && (
            <Button variant="ghost" onClick={() => setView("audit")}>
              {t("console.audit.title")}
            </Button>
          )}
          <Link href="/admin/show" className={buttonClass("ghost")}>
            {t("console.show_link")}
          </Link>
          <Link href="/admin/invitation" className={buttonClass("ghost")}>
            {t("console.invitation_link")}
          </Link>
          <Link href="/admin/server" className={buttonClass("ghost")}>
            {t("console.server_link")}
          </Link>
          <Link href="/admin/languages" className={buttonClass("ghost")}>
            {t("console.languages_link")}
          </Link>
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
