import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Label } from "@headlessui/react";
import { useMemo, useState } from "react";
import type { Participant } from "../../../api/console";
import { t } from "../../i18n/i18n";
import { matchesPerson } from "../../participants/people";

/** Matches listed at once: a show has hundreds of participants; typing narrows them (a name, a username, an e-mail). */
const LISTED = 50;
const personName = (person: Participant) => person.full_name || person.username;

/**
 * The console's participant filter: a combobox searched as you type, where a select listed every name. `value` is the
 * participant's id ("" for everyone), as in the URL.
 */
export function ParticipantPicker({ participants, value, onChange, className }: { participants: Participant[]; value: string; onChange: (id: string) => void; className: string }) {
  const [typed, setTyped] = useState("");
  const selected = participants.find((person) => String(person.id) === value) ?? null;
  const matches = useMemo(() => participants.filter((person) => matchesPerson(person, typed)), [participants, typed]);
  const option = "cursor-default px-3 py-2 text-sm text-ink-900 data-focus:bg-paper-deep data-selected:font-semibold";
  return (
    <Combobox value={selected} by="id" onChange={(person: Participant | null) => onChange(person ? String(person.id) : "")} onClose={() => setTyped("")} immediate>
      <div className="min-w-0">
        <Label className="sr-only">{t("console.filter.participant")}</Label>
        <ComboboxInput
          className={className}
          aria-current={value ? "true" : undefined}
          placeholder={t("console.everyone")}
          displayValue={(person: Participant | null) => (person ? personName(person) : "")}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
      </div>
      <ComboboxOptions anchor="bottom start" className="z-50 max-h-72 w-(--input-width) min-w-64 overflow-y-auto rounded-card bg-surface py-1 shadow-lift ring-1 ring-line [--anchor-gap:4px] empty:invisible">
        {!typed.trim() && (
          <ComboboxOption value={null} className={option}>
            {t("console.everyone")}
          </ComboboxOption>
        )}
        {matches.slice(0, LISTED).map((person) => (
          <ComboboxOption key={person.id} value={person} className={option}>
            <span dir="auto" className="block truncate">
              {personName(person)}
            </span>
            <span dir="auto" className="block truncate text-xs text-muted">
              @{person.username}
            </span>
          </ComboboxOption>
        ))}
        {matches.length === 0 && <p className="px-3 py-2 text-sm text-muted">{t("console.participant.none")}</p>}
        {matches.length > LISTED && <p className="px-3 py-2 text-xs text-muted">{t("console.participant.more", { count: matches.length - LISTED })}</p>}
      </ComboboxOptions>
    </Combobox>
  );
}
