import { useState } from "react";
import { listAllEvidence, makeAllPublic, makeAllSecret, toggleClearance } from "../api/evidence";
import type { Evidence } from "../api/types";
import { AdminEvidenceDialog } from "../components/admin/AdminEvidenceDialog";
import { AdminUsersPanel } from "../components/admin/AdminUsersPanel";
import { VisibilitySwitch } from "../components/admin/VisibilitySwitch";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { EvidenceTable } from "../components/EvidenceTable";
import { LoadMoreSentinel } from "../components/LoadMoreSentinel";
import { Alert, Button, Spinner } from "../components/ui";
import { usePagedEvidence } from "../components/usePagedEvidence";
import { useNotify } from "../state/useNotify";

type Bulk = "public" | "private";

export default function AdminScreen() {
  const notify = useNotify();
  const [showUsers, setShowUsers] = useState(false);
  const evidence = usePagedEvidence(listAllEvidence);
  const [open, setOpen] = useState<Evidence | null>(null);
  const [visibilityOf, setVisibilityOf] = useState<Evidence | null>(null);
  const [bulk, setBulk] = useState<Bulk | null>(null);

  async function changeVisibility() {
    if (!visibilityOf) return;
    try {
      const updated = await toggleClearance(visibilityOf.id);
      evidence.setItems((items) => items.map((item) => (item.id === updated.id ? updated : item)));
    } catch (error) {
      console.error("Visibility change failed", error);
      notify("Could not change the visibility.");
    }
    setVisibilityOf(null);
  }

  async function changeAll() {
    try {
      const { updated } = await (bulk === "public" ? makeAllPublic() : makeAllSecret());
      notify(`${updated} item${updated === 1 ? "" : "s"} made ${bulk}.`, "success");
    } catch (error) {
      console.error("Bulk visibility change failed", error);
      notify("Could not change the visibility.");
    }
    setBulk(null);
    await evidence.reload();
  }

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold tracking-tight">Administration</h1>
      <div className="mb-5 flex flex-wrap gap-3">
        <Button onClick={() => setBulk("public")}>Make All Public</Button>
        <Button variant="secondary" onClick={() => setBulk("private")}>
          Make All Private
        </Button>
        <Button variant="secondary" onClick={() => setShowUsers(!showUsers)} className="sm:ml-auto">
          {showUsers ? "Show Evidence" : "Show Users"}
        </Button>
      </div>
      <h2 className="mb-3 text-lg font-bold">{showUsers ? "Users" : "All evidence"}</h2>
      {showUsers ? (
        <AdminUsersPanel onOpenItem={setOpen} />
      ) : (
        <>
          {evidence.failed && <Alert>Could not load evidence!</Alert>}
          {evidence.items.length === 0 && !evidence.loading && !evidence.failed ? (
            <p className="text-gray-800">No evidence yet.</p>
          ) : (
            <EvidenceTable
              items={evidence.items}
              onOpen={setOpen}
              showOwner
              caption="All evidence"
              renderVisibility={(item) => <VisibilitySwitch item={item} onRequest={setVisibilityOf} />}
            />
          )}
          <LoadMoreSentinel onVisible={evidence.loadMore} disabled={evidence.done || evidence.loading || evidence.failed} />
          {evidence.loading && (
            <div className="flex justify-center p-6">
              <Spinner label="Loading evidence" />
            </div>
          )}
        </>
      )}
      <AdminEvidenceDialog item={open} onClose={() => setOpen(null)} onChanged={evidence.reload} />
      <ConfirmDialog
        open={visibilityOf !== null}
        message={`Make "${visibilityOf?.title ?? ""}" ${visibilityOf?.is_public ? "private" : "public"}?`}
        onConfirm={changeVisibility}
        onCancel={() => setVisibilityOf(null)}
      />
      <ConfirmDialog
        open={bulk !== null}
        message={`Make all evidence ${bulk ?? "public"}?`}
        onConfirm={changeAll}
        onCancel={() => setBulk(null)}
      />
    </main>
  );
}
