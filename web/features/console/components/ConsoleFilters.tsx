import { useEffect, useId, useState, type SelectHTMLAttributes } from "react";
import type { ConsoleQuery, Participant } from "../../../api/console";
import { Button } from "../../../ui/Button";

const options = (pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));
// Each first option names its filter: on a laptop the labels are for screen readers only, to keep the bar one line.
const KINDS = options([["", "All kinds"], ["note", "Notes"], ["image", "Photos"], ["video", "Videos"], ["audio", "Audio"]]);
const STATES = options([["", "Any review state"], ["new", "New"], ["reviewed", "Reviewed"], ["flagged", "Flagged"]]);
const VISIBILITIES = options([["", "Public or private"], ["public", "Public"], ["private", "Private"]]);
const SORTS = options([["", "Newest first"], ["oldest", "Oldest first"], ["title", "Title"], ["participant", "Participant"]]);

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
  const active = [query.kind, query.status, query.visibility, query.user, query.from, query.to, query.sort].filter(Boolean).length;
  useEffect(() => setText(query.q), [query.q]);
  useEffect(() => {
    if (text === query.q) return;
    const timer = setTimeout(() => onChange({ q: text }, true), 350);
    return () => clearTimeout(timer);
  }, [text, query.q, onChange]);
  const showDates = dates || Boolean(query.from || query.to);

  return (
    <form role="search" aria-label="Evidence" className="flex flex-wrap items-center gap-2" onSubmit={(event) => (event.preventDefault(), onChange({ q: text }))}>
      <div className="flex min-w-0 flex-[1_1_14rem] items-center gap-2">
        <label htmlFor={searchId} className="sr-only">
          Search
        </label>
        <input
          id={searchId}
          type="search"
          placeholder="Search title, notes, place, participant"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={`${control} min-w-0 flex-1 px-4`}
        />
        <Button variant="secondary" size="sm" aria-expanded={unfolded} onClick={() => setUnfolded(!unfolded)} className="!min-h-11 shrink-0 sm:hidden">
          Filters{active ? ` (${active})` : ""}
        </Button>
      </div>
      <div className={`${unfolded ? "grid" : "hidden"} w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap sm:items-center`}>
        <Compact label="Kind" value={query.kind} onChange={(event) => onChange({ kind: event.target.value })} options={KINDS} />
        <Compact label="Review" value={query.status} onChange={(event) => onChange({ status: event.target.value })} options={STATES} />
        <Compact label="Visibility" value={query.visibility} onChange={(event) => onChange({ visibility: event.target.value })} options={VISIBILITIES} />
        <Compact
          label="Participant"
          value={query.user}
          onChange={(event) => onChange({ user: event.target.value })}
          options={[{ value: "", label: "Everyone" }, ...participants.map((person) => ({ value: String(person.id), label: person.full_name || person.username }))]}
          className={`${control} sm:max-w-44`}
        />
        <Compact label="Sort" value={query.sort} onChange={(event) => onChange({ sort: event.target.value })} options={SORTS} />
        {showDates ? (
          <>
            <input type="date" aria-label="From" value={query.from} onChange={(event) => onChange({ from: event.target.value })} className={control} />
            <input type="date" aria-label="To" value={query.to} onChange={(event) => onChange({ to: event.target.value })} className={control} />
          </>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => setDates(true)}>
            Dates
          </Button>
        )}
      </div>
      {query.id && (
        <p className="flex w-full items-center gap-2 text-sm text-ink-800">
          Only item #{query.id}.
          <Button variant="ghost" size="sm" onClick={() => onChange({ id: "" })}>
            Show all
          </Button>
        </p>
      )}
    </form>
  );
}
