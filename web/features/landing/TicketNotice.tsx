import { useAtomValue } from "jotai";
import { Icon } from "../../ui/Icon";
import { showAtom } from "../show/state";
import { textMarks } from "../show/textLanguage";

/** The spec's ticket warning (the show's words; an empty one hides it), set as a ticket stub: the tape's yellow, the ticket's icon behind a perforation. */
export function TicketNotice() {
  const show = useAtomValue(showAtom);
  const warning = show.ticket_warning;
  if (!warning) return null;
  return (
    <div className="flex max-w-md items-stretch overflow-hidden rounded-lg bg-tape text-ink-950 shadow-lift">
      <span className="flex items-center border-e-2 border-dashed border-ink-950/30 px-3.5">
        <Icon name="ticket" className="size-6" />
      </span>
      <p className="px-4 py-3 text-sm font-semibold" {...textMarks(show, "ticket_warning")}>{warning}</p>
    </div>
  );
}
