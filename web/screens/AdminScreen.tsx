import { useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import { listParticipants, type Participant } from "../api/console";
import { AdminEvidenceDialog } from "../components/admin/AdminEvidenceDialog";
import { AdminUsersPanel } from "../components/admin/AdminUsersPanel";
import { AuditView } from "../features/console/components/AuditView";
import { EvidenceConsole } from "../features/console/components/EvidenceConsole";
import { useConsoleQuery } from "../features/console/hooks/useConsoleQuery";
import { RetentionPanel } from "../features/privacy/RetentionPanel";
import { Button, buttonClass } from "../ui/Button";
import { Page } from "../ui/Layout";

type View = "evidence" | "users" | "audit" | "retention";

/** Spec §4 admin screen, grown into the investigator's desk (issue 9): the console, the participants, the audit log. */
export default function AdminScreen() {
  const [view, setView] = useState<View>("evidence");
  const [, setQuery] = useConsoleQuery();
  const [participants, setParticipants] = useState<Participant[]>([]);

  useEffect(() => {
    listParticipants().then(setParticipants, (error) => console.warn("No participants for the filter", error));
  }, [view]);

  const timeline = useCallback(
    (user: Participant) => {
      setView("evidence");
      setQuery({ q: "", kind: "", status: "", visibility: "", from: "", to: "", user: String(user.id), sort: "oldest" });
    },
    [setQuery],
  );

  return (
    <Page
      title="Administration"
      wide
      actions={
        <>
          <Button variant="secondary" onClick={() => setView(view === "evidence" ? "users" : "evidence")}>
            {view === "evidence" ? "Show Users" : "Show Evidence"}
          </Button>
          {view !== "audit" && (
            <Button variant="ghost" onClick={() => setView("audit")}>
              Audit log
            </Button>
          )}
          {view !== "retention" && (
            <Button variant="ghost" onClick={() => setView("retention")}>
              Retention
            </Button>
          )}
          <Link href="/admin/invitation" className={buttonClass("ghost")}>
            Invitation
          </Link>
        </>
      }
    >
      {view === "evidence" && (
        <>
          <h2 className="sr-only">All evidence</h2>
          <EvidenceConsole
            participants={participants}
            renderViewer={(viewer) => (
              <AdminEvidenceDialog
                item={viewer.item}
                onClose={viewer.onClose}
                onChanged={viewer.onChanged}
                panel={viewer.panel}
                navigation={viewer.navigation}
                startEditing={viewer.editing}
              />
            )}
          />
        </>
      )}
      {view === "users" && (
        <section aria-labelledby="users-heading" className="space-y-4">
          <h2 id="users-heading" className="font-display text-display-sm text-ink-950">
            Users
          </h2>
          <AdminUsersPanel onTimeline={timeline} />
        </section>
      )}
      {view === "audit" && <AuditView />}
      {view === "retention" && <RetentionPanel />}
    </Page>
  );
}
