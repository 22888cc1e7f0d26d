import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { listAudit, type AuditEntry, type AuditQuery, type Participant } from "../../../api/console";
import { Alert, Button } from "../../../ui/Button";
import { SelectField, TextField } from "../../../ui/Field";
import { RelativeTime } from "../../../ui/RelativeTime";
import { EmptyState, LoadingState } from "../../../ui/States";
import { t } from "../../i18n/i18n";
import { auditActions, auditSentence, fieldName } from "../auditSentence";
import { useLiveEvents } from "../hooks/useLiveEvents";

const PAGE = 100;

/** The filters, kept in the URL beside `view=audit`: who (admins by default), what, which item, when. */
const FILTERS = ["by", "actor", "action", "item", "from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

function useAuditFilters(): [Filters, (patch: Partial<Filters>) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ""])) as Filters;
  const update = (patch: Partial<Filters>) => {
    const next = new URLSearchParams({ view: "audit" });
    for (const [name, value] of Object.entries({ ...filters, ...patch })) if (value) next.set(name, value);
    navigate(`/admin?${next}`, { replace: true });
  };
  return [filters, update];
}

const asQuery = (filters: Filters): AuditQuery => ({
  by: filters.actor ? "all" : filters.by || "admins",
  actor: filters.actor || undefined,
  action: filters.action || undefined,
  target_type: filters.item ? "evidence" : undefined,
  target_id: /^\d+$/.test(filters.item) ? filters.item : undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
});

/** The change before → after of a field, in words, for the line under the sentence (notes and edits). */
function detailLine(entry: AuditEntry) {
  if (entry.action !== "evidence.update" && entry.action !== "evidence.notes") return "";
  return Object.entries(entry.detail ?? {})
    .map(([field, value]) => {
      const change = value as { before?: unknown; after?: unknown };
      return t("console.audit.change", { field: fieldName(field), before: String(change?.before ?? ""), after: String(change?.after ?? "") });
    })
    .join("; ");
}

/** One entry as a sentence, the item named and linked to the console (opened in its viewer). */
function Sentence({ entry }: { entry: AuditEntry }) {
  const { before, target, after } = auditSentence(entry);
  const detail = detailLine(entry);
  return (
    <>
      <p className="wrap-anywhere text-ink-900">
        {before && `${before} `}
        {entry.target_type === "evidence" && entry.target_id !== null && entry.target_name !== null ? (
          <Link href={`/admin?id=${entry.target_id}`} className="font-semibold underline decoration-ink-300 underline-offset-4 hover:decoration-ink-900">
            {target}
          </Link>
        ) : (
          <span className="font-semibold">{target}</span>
        )}
        {after}
      </p>
      {detail && (
        <p className="mt-0.5 line-clamp-2 text-xs wrap-anywhere text-muted" title={detail}>
          {detail}
        </p>
      )}
    </>
  );
}

/** The audit log, newest first, in sentences; filtered in the URL, live like the console, older pages on request. */
export function AuditView({ participants }: { participants: Participant[] }) {
  const [filters, setFilters] = useAuditFilters();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "done" | "failed">("loading");
  const [item, setItem] = useState(filters.item);
  const key = JSON.stringify(asQuery(filters));
  const query = useRef(asQuery(filters));
  query.current = asQuery(filters);

  const load = useCallback(async (before?: number) => {
    setState("loading");
    try {
      const page = await listAudit({ ...query.current, limit: PAGE, before });
      setEntries((shown) => (before === undefined ? page : [...shown, ...page]));
      setState(page.length < PAGE ? "done" : "ready");
    } catch (error) {
      console.warn("Audit log unavailable", error);
      setState("failed");
    }
  }, []);
  useEffect(() => {
    load();
  }, [load, key]);
  useEffect(() => setItem(filters.item), [filters.item]);

  // Live: every change the console hears of is in the log too; newer entries join the top.
  const fresh = useRef<ReturnType<typeof setTimeout>>(undefined);
  const live = useLiveEvents(
    {
      created: () => newer(),
      updated: () => newer(),
      deleted: () => newer(),
    },
    null,
  );
  function newer() {
    clearTimeout(fresh.current);
    fresh.current = setTimeout(async () => {
      try {
        const page = await listAudit({ ...query.current, limit: 50 });
        setEntries((shown) => [...page.filter((entry) => entry.id > (shown[0]?.id ?? 0)), ...shown]);
      } catch (error) {
        console.warn("Audit log not refreshed", error);
      }
    }, 300);
  }
  useEffect(() => () => clearTimeout(fresh.current), []);

  const who = filters.actor || filters.by || "admins";
  // On a phone the filters fold under one button, so the entries start on the first screen.
  const [unfolded, setUnfolded] = useState(false);
  const active = [filters.actor || (filters.by === "all" ? "all" : ""), filters.action, filters.item, filters.from, filters.to].filter(Boolean).length;
  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="audit-heading" className="font-display text-display-sm text-ink-950">
          {t("console.audit.title")}
        </h2>
        <p role="status" className="text-xs text-muted">
          {live === "live" ? t("console.live") : live === "connecting" ? t("console.live_connecting") : t("console.live_unavailable")}
        </p>
      </div>
      <Button variant="secondary" size="sm" aria-expanded={unfolded} className="sm:hidden" onClick={() => setUnfolded(!unfolded)}>
        {active ? t("console.filters_active", { count: active }) : t("console.filters")}
      </Button>
      <form
        role="search"
        aria-label={t("console.audit.title")}
        className={`${unfolded ? "grid" : "max-sm:hidden sm:grid"} grid-cols-2 gap-3 rounded-card bg-surface p-3 ring-1 ring-line sm:grid-cols-3 lg:grid-cols-6`}
        onSubmit={(event) => (event.preventDefault(), setFilters({ item: item.replace(/\D/g, "") }))}
      >
        <SelectField
          label={t("console.audit.who")}
          value={who}
          onChange={(event) => {
            const value = event.target.value;
            setFilters(value === "admins" || value === "all" ? { by: value, actor: "" } : { by: "", actor: value });
          }}
          options={[
            { value: "admins", label: t("console.audit.admins_only") },
            { value: "all", label: t("console.everyone") },
            ...participants.map((person) => ({ value: String(person.id), label: person.username })),
          ]}
        />
        <SelectField
          label={t("console.audit.action_label")}
          value={filters.action}
          onChange={(event) => setFilters({ action: event.target.value })}
          options={[{ value: "", label: t("console.audit.any_action") }, ...auditActions().map(([value, label]) => ({ value, label }))]}
        />
        <TextField
          label={t("console.audit.item_number")}
          inputMode="numeric"
          value={item}
          onChange={(event) => setItem(event.target.value)}
          onBlur={() => item.replace(/\D/g, "") !== filters.item && setFilters({ item: item.replace(/\D/g, "") })}
        />
        <TextField label={t("console.from")} type="date" value={filters.from} onChange={(event) => setFilters({ from: event.target.value })} />
        <TextField label={t("console.to")} type="date" value={filters.to} onChange={(event) => setFilters({ to: event.target.value })} />
        <div className="flex items-end">
          <Button variant="ghost" size="sm" onClick={() => setFilters({ by: "", actor: "", action: "", item: "", from: "", to: "" })}>
            {t("console.audit.clear_filters")}
          </Button>
        </div>
      </form>
      {state === "failed" && <Alert>{t("console.audit.load_failed")}</Alert>}
      {entries.length === 0 && state === "done" && <EmptyState icon="list" title={t("console.audit.empty")} />}
      {entries.length > 0 && (
        <ol aria-label={t("console.audit.entries")} className="divide-y divide-line rounded-card bg-surface ring-1 ring-line">
          {entries.map((entry) => (
            <li key={entry.id} className="flex gap-3 px-3 py-2 text-sm">
              <RelativeTime iso={entry.at} className="w-24 shrink-0 text-xs whitespace-nowrap text-muted" />
              <div className="min-w-0">
                <Sentence entry={entry} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {state === "loading" && <LoadingState label={t("console.audit.loading")} />}
      {state === "ready" && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => load(entries.at(-1)?.id)}>
            {t("console.audit.load_older")}
          </Button>
        </div>
      )}
    </section>
  );
}
