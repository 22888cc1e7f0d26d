import { expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { activateEnglish } from "../../i18n/english.testing";
import type { QueueRow } from "../queueAtoms";
import { queueRow } from "../queueRow.testing";
import type { RowState } from "../queueState";
import { QueueRowNote } from "./QueueRowParts";

activateEnglish();

const note = (state: RowState, extra: Partial<QueueRow> = {}) => renderToStaticMarkup(<QueueRowNote row={queueRow(state, { message: "The file is too large.", ...extra })} className="extra" />);

test("a sentence for the states that ask something of the participant or reassure them, in one paragraph with the caller's class", () => {
  expect(note("done", { intact: true })).toBe('<p class="text-sm text-emerald-900 extra">The server has it, and it is the same file as on this phone.</p>');
  expect(note("stalled")).toBe('<p class="text-sm text-ink-800 extra">Nothing is lost: it goes on from where it stopped as soon as the connection allows.</p>');
  expect(note("paused")).toStartWith('<p class="text-sm text-ink-800 extra">');
  // A refusal is the server's words, said at once to screen readers.
  expect(note("failed")).toBe('<p role="alert" class="text-sm font-medium text-red-800 extra">The file is too large. It is kept on this phone.</p>');
});

test("nothing for the states the badge says on its own", () => {
  for (const state of ["waiting", "offline", "sending", "finishing"] as const) expect(note(state)).toBe("");
  expect(note("done", { intact: null })).toBe("");
  expect(note("done", { intact: false })).toBe("");
});
