import { useEffect, useId, useState, type ReactNode } from "react";
import type { ConsoleQuery, Participant } from "../../../api/console";

const controlClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-2 py-1.5 text-sm text-gray-900 focus:border-blue-700 focus:outline-2 focus:outline-blue-700";

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-xs font-semibold text-gray-800">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function Choice({ label, value, options, onChange }: { label: string; value: string; options: [string, string][]; onChange: (value: string) => void }) {
  return (
    <Labelled label={label}>
      {(id) => (
        <select id={id} className={controlClass} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

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
    <form role="search" aria-label="Evidence" className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-9" onSubmit={(event) => (event.preventDefault(), onChange({ q: text }))}>
      <div className="col-span-2 flex items-end gap-2 sm:col-span-4 lg:col-span-2">
        <div className="min-w-0 flex-1">
          <Labelled label="Search">
            {(id) => (
              <input id={id} type="search" className={controlClass} placeholder="Title, notes, place, participant" value={text} onChange={(event) => setText(event.target.value)} />
            )}
          </Labelled>
        </div>
        <button
          type="button"
          aria-expanded={unfolded}
          onClick={() => setUnfolded(!unfolded)}
          className="min-h-11 shrink-0 rounded-lg px-3 text-sm font-semibold ring-1 ring-gray-400 focus-visible:outline-2 focus-visible:outline-blue-700 sm:hidden"
        >
          Filters{active ? ` (${active})` : ""}
        </button>
      </div>
      <div className={unfolded ? "contents" : "hidden sm:contents"}>
      <Choice label="Kind" value={query.kind} onChange={(kind) => onChange({ kind })} options={[["", "All kinds"], ["note", "Notes"], ["image", "Photos"], ["video", "Videos"], ["audio", "Audio"]]} />
      <Choice label="Review" value={query.status} onChange={(status) => onChange({ status })} options={[["", "Any state"], ["new", "New"], ["reviewed", "Reviewed"], ["flagged", "Flagged"]]} />
      <Choice label="Visibility" value={query.visibility} onChange={(visibility) => onChange({ visibility })} options={[["", "Any"], ["public", "Public"], ["private", "Private"]]} />
      <Choice
        label="Participant"
        value={query.user}
        onChange={(user) => onChange({ user })}
        options={[["", "Everyone"], ...participants.map((person): [string, string] => [String(person.id), person.full_name || person.username])]}
      />
      <Labelled label="From">{(id) => <input id={id} type="date" className={controlClass} value={query.from} onChange={(event) => onChange({ from: event.target.value })} />}</Labelled>
      <Labelled label="To">{(id) => <input id={id} type="date" className={controlClass} value={query.to} onChange={(event) => onChange({ to: event.target.value })} />}</Labelled>
      <Choice label="Sort" value={query.sort} onChange={(sort) => onChange({ sort })} options={[["", "Newest first"], ["oldest", "Oldest first"], ["title", "Title"], ["participant", "Participant"]]} />
      </div>
    </form>
  );
}
