import { useState } from "react";
import { getConsoleCounts, listWholeAdminList, makeAllVisible, NO_FILTERS, type BulkResult } from "../../../api/console";
import { Button } from "../../../ui/Button";
import { useNotify } from "../../../state/useNotify";
import { TypedConfirmDialog } from "../../../ui/TypedConfirmDialog";


/** How many items Make All would change: from the counts, or by listing everything when the server has no counts. */
async function itemsToChange(visible: boolean) {
  try {
    const counts = await getConsoleCounts(NO_FILTERS);
    return visible ? counts.private : counts.public;
  } catch {
    return (await listWholeAdminList()).filter((item) => item.is_public !== visible).length;
  }
}

/**
 * The spec's 'Make All Public' / 'Make All Private', kept small on purpose: they change every item, not the view,
 * so the confirmation states how many and asks for that number to be typed.
 */
export function MakeAllButtons({ onDone }: { onDone: (visible: boolean, result: BulkResult) => Promise<void> }) {
  const notify = useNotify();
  const [pending, setPending] = useState<{ visible: boolean; count: number } | null>(null);
  const word = pending?.visible === false ? "private" : "public";

  async function ask(visible: boolean) {
    try {
      setPending({ visible, count: await itemsToChange(visible) });
    } catch (error) {
      console.error("Could not count the items", error);
      notify("Could not change the visibility.");
    }
  }
  async function confirm() {
    if (!pending) return;
    try {
      await onDone(pending.visible, await makeAllVisible(pending.visible));
    } catch (error) {
      console.error("Bulk visibility change failed", error);
      notify("Could not change the visibility.");
    }
    setPending(null);
  }
  return (
    <section aria-label="Everything at once" className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-card border border-dashed border-ink-300 px-4 py-3 text-sm">
      <p className="mr-auto text-muted">
        <span className="font-semibold text-ink-800">Everything at once</span>, whatever the filters show:
      </p>
      <Button variant="secondary" size="sm" onClick={() => ask(true)}>
        Make All Public
      </Button>
      <Button variant="secondary" size="sm" onClick={() => ask(false)}>
        Make All Private
      </Button>
      <TypedConfirmDialog
        open={pending !== null}
        message={`Make all evidence ${word}?`}
        detail={`This makes ${pending?.count ?? 0} item${pending?.count === 1 ? "" : "s"} ${word}, whatever the filters show.`}
        phrase={String(pending?.count ?? 0)}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </section>
  );
}
