import { useEffect, useState } from "react";
import type { ConsoleQuery, Participant } from "../../../api/console";
import { Button } from "../../../ui/Button";
import { SelectField, TextField } from "../../../ui/Field";

const options = (pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));
const KINDS = options([["", "All kinds"], ["note", "Notes"], ["image", "Photos"], ["video", "Videos"], ["audio", "Audio"]]);
const STATES = options([["", "Any state"], ["new", "New"], ["reviewed", "Reviewed"], ["flagged", "Flagged"]]);
const VISIBILITIES = options([["", "Any"], ["public", "Public"], ["private", "Private"]]);
const SORTS = options([["", "Newest first"], ["oldest", "Oldest first"], ["title", "Title"], ["participant", "Participant"]]);

/** Search (applied as you pause typing) and the filters; every change goes to the URL through `onChange`. */
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
  // On a phone the filters fold away under one button so the list starts on the first screen.
  const [unfolded, setUnfolded] = useState(false);
  const active = [query.kind, query.status, query.visibility, query.user, query.from, query.to, query.sort].filter(Boolean).length;
  useEffect(() => setText(query.q), [query.q]);
  useEffect(() => {
    if (text === query.q) return;
    const timer = setTimeout(() => onChange({ q: text }, true), 350);
    return () => clearTimeout(timer);
  }, [text, query.q, onChange]);

  return (
    <form
      role="search"
      aria-label="Evidence"
      className="grid grid-cols-2 gap-x-3 gap-y-3 rounded-card bg-surface p-4 ring-1 ring-line sm:grid-cols-4 lg:grid-cols-7"
      onSubmit={(event) => (event.preventDefault(), onChange({ q: text }))}
    >
      <div className="col-span-full flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField label="Search" type="search" placeholder="Title, notes, place, participant" value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <Button variant="secondary" aria-expanded={unfolded} onClick={() => setUnfolded(!unfolded)} className="!min-h-12 shrink-0 sm:hidden">
          Filters{active ? ` (${active})` : ""}
        </Button>
      </div>
      <div className={unfolded ? "contents" : "hidden sm:contents"}>
        <SelectField label="Kind" value={query.kind} onChange={(event) => onChange({ kind: event.target.value })} options={KINDS} />
        <SelectField label="Review" value={query.status} onChange={(event) => onChange({ status: event.target.value })} options={STATES} />
        <SelectField label="Visibility" value={query.visibility} onChange={(event) => onChange({ visibility: event.target.value })} options={VISIBILITIES} />
        <SelectField
          label="Participant"
          value={query.user}
          onChange={(event) => onChange({ user: event.target.value })}
          options={[{ value: "", label: "Everyone" }, ...participants.map((person) => ({ value: String(person.id), label: person.full_name || person.username }))]}
        />
        <TextField label="From" type="date" value={query.from} onChange={(event) => onChange({ from: event.target.value })} />
        <TextField label="To" type="date" value={query.to} onChange={(event) => onChange({ to: event.target.value })} />
        <SelectField label="Sort" value={query.sort} onChange={(event) => onChange({ sort: event.target.value })} options={SORTS} />
      </div>
    </form>
  );
}
