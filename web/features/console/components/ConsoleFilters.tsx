import { useEffect, useId, useState, type SelectHTMLAttributes } from "react";
import type { ConsoleQuery, Participant } from "../../../api/console";
import { Button } from "../../../ui/Button";
import { t, type MessageId } from "../../i18n/i18n";
import { ParticipantPicker } from "./ParticipantPicker";

/** The options with their labels in the active language, read when called (on each render). */
const options = (pairs: [string, MessageId][]) => () => pairs.map(([value, id]) => ({ value, label: t(id) }));
// Each first option names its filter: on a laptop the labels are for screen readers only, to keep the bar one line.
const KINDS = options([
  ["", "console.filter.all_kinds"],
  ["note", "kind.filter.notes"],
  ["image", "kind.filter.photos"],
  ["video", "kind.filter.videos"],
  ["audio", "kind.filter.audio"],
]);
const STATES = options([
  ["", "console.filter.any_review"],
  ["new", "console.review.new"],
  ["reviewed", "console.review.reviewed"],
  ["flagged", "console.review.flagged"],
]);
const VISIBILITIES = options([
  ["", "console.filter.any_visibility"],
  ["public", "evidence.public"],
  ["private", "evidence.private"],
  ["withdrawn", "console.filter.withdrawn"],
]);
const REDACTIONS = options([
  ["", "console.filter.any_redaction"],
  ["none", "console.redaction.state.none"],
  ["pending", "console.redaction.state.pending"],
  ["failed", "console.redaction.state.failed"],
  ["unverified", "console.redaction.state.unverified"],
  ["passed", "console.redaction.state.passed"],
]);
const SORTS = options([
  ["", "console.sort.newest"],
  ["oldest", "console.sort.oldest"],
  ["title", "console.sort.title"],
  ["participant", "console.sort.participant"],
]);

const control =
  "block h-11 w-full rounded-full border border-ink-300 bg-surface px-3 text-sm text-ink-900 focus:border-ink-900 focus:outline-2 focus:outline-ink-900 sm:h-9 sm:w-auto aria-[current=true]:border-ink-900 aria-[current=true]:font-semibold";

function Compact({ label, options: choices, ...select }: { label: string; options: { value: string; label: string }[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} className={control} aria-current={select.value ? "true" : undefined} {...select}>
        {choices.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Search (applied as you pause typing) and the filters in one compact line; every change goes to the URL through
 * `onChange`. On a phone the filters fold under one button so the list starts on the first screen; the dates fold
 * under "Dates" until one is set.
 */
export function ConsoleFilters({
  query,
  participants,
  onChange,
}: {
  query: ConsoleQuery;
  participants: Participant[];
  onChange: (patch: Partial<ConsoleQuery>, replace?: boolean) => void;
}) {
  const [text, setText] = useState(query.q);
  const [unfolded, setUnfolded] = useState(false);
  const [dates, setDates] = useState(false);
  const searchId = useId();
  const active = [query.kind, query.status, query.visibility, query.redaction, query.user, query.from, query.to, query.sort].filter(Boolean).length;
  useEffect(() => setText(query.q), [query.q]);
  useEffect(() => {
    if (text === query.q) return;
    const timer = setTimeout(() => onChange({ q: text }, true), 350);
    return () => clearTimeout(timer);
  }, [text, query.q, onChange]);
  const showDates = dates || Boolean(query.from || query.to);

  return (
    <form role="search" aria-label={t("console.search_label")} className="flex flex-wrap items-center gap-2" onSubmit={(event) => (event.preventDefault(), onChange({ q: text }))}>
      <div className="flex min-w-0 flex-[1_1_10rem] items-center gap-2">
        <label htmlFor={searchId} className="sr-only">
          {t("console.search")}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={t("console.search_placeholder")}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={`${control} min-w-0 flex-1 px-4`}
        />
        <Button variant="secondary" size="sm" aria-expanded={unfolded} onClick={() => setUnfolded(!unfolded)} className="!min-h-11 shrink-0 sm:hidden">
          {active ? t("console.filters_active", { count: active }) : t("console.filters")}
        </Button>
      </div>
      <div className={`${unfolded ? "grid" : "hidden"} w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap sm:items-center`}>
        <Compact label={t("console.filter.kind")} value={query.kind} onChange={(event) => onChange({ kind: event.target.value })} options={KINDS()} />
        <Compact label={t("console.filter.review")} value={query.status} onChange={(event) => onChange({ status: event.target.value })} options={STATES()} />
        <Compact label={t("console.filter.visibility")} value={query.visibility} onChange={(event) => onChange({ visibility: event.target.value })} options={VISIBILITIES()} />
        <Compact label={t("console.filter.redaction")} value={query.redaction} onChange={(event) => onChange({ redaction: event.target.value })} options={REDACTIONS()} className={`${control} sm:max-w-36`} />
        <ParticipantPicker participants={participants} value={query.user} onChange={(user) => onChange({ user })} className={`${control} px-4 sm:w-36`} />
        <Compact label={t("console.filter.sort")} value={query.sort} onChange={(event) => onChange({ sort: event.target.value })} options={SORTS()} />
        {showDates ? (
          <>
            <input type="date" aria-label={t("console.from")} value={query.from} onChange={(event) => onChange({ from: event.target.value })} className={control} />
            <input type="date" aria-label={t("console.to")} value={query.to} onChange={(event) => onChange({ to: event.target.value })} className={control} />
          </>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => setDates(true)}>
            {t("console.dates")}
          </Button>
        )}
      </div>
      {query.id && (
        <p className="flex w-full items-center gap-2 text-sm text-ink-800">
          {t("console.only_item", { id: query.id })}
          <Button variant="ghost" size="sm" onClick={() => onChange({ id: "" })}>
            {t("console.show_all")}
          </Button>
        </p>
      )}
    </form>
  );
}
