import { useCallback, useEffect, useState } from "react";
import { listAudit, type AuditEntry } from "../../../api/console";
import { Alert, Button } from "../../../ui/Button";
import { RelativeTime } from "../../../ui/RelativeTime";
import { EmptyState, LoadingState } from "../../../ui/States";
import { TableFrame } from "../../../ui/Table";

const PAGE = 100;

const shown = (value: unknown) => (value === null || value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value));

/** A detail of `{ field: { before, after } }` reads as "field: before → after"; anything else as its JSON. */
function describe(detail: AuditEntry["detail"]) {
  if (!detail || typeof detail !== "object") return shown(detail);
  return Object.entries(detail)
    .map(([key, value]) =>
      value && typeof value === "object" && "before" in value && "after" in value
        ? `${key}: ${shown(value.before)} → ${shown(value.after)}`
        : `${key}: ${shown(value)}`,
    )
    .join("; ");
}

/** A long note would make a row a screen tall: four lines here, the whole of it on hover. */
function Clamped({ text }: { text: string }) {
  return (
    <p className="line-clamp-4 wrap-anywhere" title={text}>
      {text}
    </p>
  );
}

/** The audit log, newest first, with older pages on request. */
export function AuditView() {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "done" | "failed">("loading");

  const load = useCallback(async (before?: number) => {
    setState("loading");
    try {
      const page = await listAudit({ limit: PAGE, before });
      setEntries((shown) => (before === undefined ? page : [...shown, ...page]));
      setState(page.length < PAGE ? "done" : "ready");
    } catch (error) {
      console.warn("Audit log unavailable", error);
      setState("failed");
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <h2 id="audit-heading" className="font-display text-display-sm text-ink-950">
        Audit log
      </h2>
      {state === "failed" && <Alert>The audit log could not be loaded; this server may not record one yet.</Alert>}
      {entries.length === 0 && state === "done" && <EmptyState icon="list" title="Nothing recorded yet." />}
      {entries.length > 0 && (
        <TableFrame caption="Audit log" columns={["When", "Who", "Action", "Target", "Detail"].map((label) => ({ label }))}>
          <tbody className="divide-y divide-line">
            {entries.map((entry) => (
              <tr key={entry.id} className="align-top">
                <td className="px-2 py-2.5 text-xs whitespace-nowrap">
                  <RelativeTime iso={entry.at} />
                </td>
                <td className="max-w-48 px-2 py-2.5 break-words">{entry.actor_name ?? "system"}</td>
                <td className="px-2 py-2.5">
                  <code className="rounded bg-paper-deep px-1.5 py-0.5 font-mono text-xs text-ink-900">{entry.action}</code>
                </td>
                <td className="px-2 py-2.5 text-xs whitespace-nowrap text-ink-800">
                  {entry.target_type} {entry.target_id ?? ""}
                </td>
                <td className="max-w-md min-w-56 px-2 py-2.5 text-xs text-muted">
                  <Clamped text={describe(entry.detail)} />
                </td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
      {state === "loading" && <LoadingState label="Loading the audit log" />}
      {state === "ready" && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => load(entries.at(-1)?.id)}>
            Load older entries
          </Button>
        </div>
      )}
    </section>
  );
}
