import { useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import { listParticipants, type Participant } from "../api/console";
import type { Evidence } from "../api/types";
import { AdminEvidenceDialog } from "../components/admin/AdminEvidenceDialog";
import { AdminUsersPanel } from "../components/admin/AdminUsersPanel";
import { AuditView } from "../features/console/components/AuditView";
import { EvidenceConsole } from "../features/console/components/EvidenceConsole";
import { useConsoleQuery } from "../features/console/hooks/useConsoleQuery";
import { Button, buttonClass } from "../ui/Button";

type View = "evidence" | "users" | "audit";

/** Spec §4 admin screen, grown into the investigator's desk (issue 9): the console, the participants, the audit log. */
export default function AdminScreen() {
  const [view, setView] = useState<View>("evidence");
  const [, setQuery] = useConsoleQuery();
  const [participants, setParticipants] = useState<Participant[]>([]);
  // An item opened from a participant's evidence list (outside the console's rows).
  const [openedElsewhere, setOpenedElsewhere] = useState<Evidence | null>(null);

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
    <main className="mx-auto w-full max-w-7xl px-3 py-5 sm:px-4">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-bold tracking-tight">Administration</h1>
        <Button variant="secondary" onClick={() => setView(view === "evidence" ? "users" : "evidence")}>
          {view === "evidence" ? "Show Users" : "Show Evidence"}
        </Button>
        {view !== "audit" && (
          <Button variant="secondary" onClick={() => setView("audit")}>
            Audit log
          </Button>
        )}
        <Link href="/admin/invitation" className={buttonClass("secondary")}>
          Invitation
        </Link>
      </div>
      {view === "evidence" && (
        <>
          <h2 className="sr-only">All evidence</h2>
          <EvidenceConsole
            participants={participants}
            renderViewer={(viewer) => (
              <AdminEvidenceDialog item={viewer.item} onClose={viewer.onClose} onChanged={viewer.onChanged} panel={viewer.panel} startEditing={viewer.editing} />
            )}
          />
        </>
      )}
      {view === "users" && (
        <>
          <h2 className="mb-3 text-lg font-bold">Users</h2>
          <AdminUsersPanel onOpenItem={setOpenedElsewhere} onTimeline={timeline} />
        </>
      )}
      {view === "audit" && <AuditView />}
      <AdminEvidenceDialog item={openedElsewhere} onClose={() => setOpenedElsewhere(null)} onChanged={() => {}} />
    </main>
  );
}
