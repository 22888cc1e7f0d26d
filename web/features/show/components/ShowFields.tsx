import { type ReactNode, useId } from "react";
import type { EditableField, FaqEntry, Show, ShowFields } from "../../../api/show";
import { Button } from "../../../ui/Button";
import { fieldClass, TextArea, TextField } from "../../../ui/Field";
import { Icon } from "../../../ui/Icon";
import { moved } from "../draft";

export const MARKDOWN_HINT = "Markdown: *emphasis*, **strong**, [a link](https://…); an empty line starts a new paragraph.";

type Edit = { show: Show; draft: ShowFields; onChange: (patch: Partial<ShowFields>) => void };
type StringField = { [K in EditableField]: ShowFields[K] extends string ? K : never }[EditableField];

/** Why a field cannot be changed here, as the server's 409 says it. */
export const lockedHint = (variable: string) => `Set by the server's configuration (${variable}); change it there and restart.`;

/** One of the show's single texts; read-only with the variable's name when the environment sets it. */
export function ShowText({
  edit,
  field,
  label,
  hint,
  multiline = false,
  maxLength,
}: {
  edit: Edit;
  field: StringField;
  label: string;
  hint?: ReactNode;
  multiline?: boolean;
  maxLength?: number;
}) {
  const locked = edit.show.locked[field];
  const props = {
    label,
    value: edit.draft[field],
    readOnly: Boolean(locked),
    maxLength,
    hint: locked ? lockedHint(locked) : hint,
    onChange: (event: { target: { value: string } }) => edit.onChange({ [field]: event.target.value }),
  };
  return multiline ? <TextArea rows={4} {...props} /> : <TextField {...props} />;
}

/** The accent colour: a swatch to pick it and the #rrggbb it writes. */
export function AccentField({ edit }: { edit: Edit }) {
  const id = useId();
  const locked = edit.show.locked.accent_color;
  const value = edit.draft.accent_color;
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        Accent colour
      </label>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label="Pick the accent colour"
          value={valid ? value.toLowerCase() : "#000000"}
          disabled={Boolean(locked)}
          onChange={(event) => edit.onChange({ accent_color: event.target.value })}
          className="mt-1.5 h-12 w-14 shrink-0 cursor-pointer rounded-lg border border-ink-300 bg-surface p-1 disabled:cursor-not-allowed"
        />
        <input
          id={id}
          className={`${fieldClass} font-mono`}
          value={value}
          readOnly={Boolean(locked)}
          aria-invalid={valid ? undefined : true}
          aria-describedby={`${id}-hint`}
          onChange={(event) => edit.onChange({ accent_color: event.target.value.trim() })}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {locked ? lockedHint(locked) : valid ? "Buttons, links and highlights. Written #rrggbb." : "Write the colour as #rrggbb, e.g. #b3261e."}
      </p>
    </div>
  );
}

/** Move up, move down and remove for one item of a list; the list keeps at least `min` items. */
function ItemActions({ index, count, min, name, onMove, onRemove }: { index: number; count: number; min: number; name: string; onMove: (to: number) => void; onRemove: () => void }) {
  return (
    <div className="flex flex-wrap gap-1">
      <Button size="sm" variant="ghost" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={`Move ${name} up`}>
        ↑ Up
      </Button>
      <Button size="sm" variant="ghost" disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={`Move ${name} down`}>
        ↓ Down
      </Button>
      <Button size="sm" variant="ghost" disabled={count <= min} onClick={onRemove} aria-label={`Remove ${name}`}>
        <Icon name="close" className="size-4" />
        Remove
      </Button>
    </div>
  );
}

/** A list of Markdown paragraphs (the appointment's steps, the archive's introduction): edit, reorder, add, remove. */
export function ParagraphList({
  edit,
  field,
  itemName,
  addLabel,
  min,
  max,
}: {
  edit: Edit;
  field: "instructions" | "archive_intro";
  itemName: string;
  addLabel: string;
  min: number;
  max: number;
}) {
  const locked = edit.show.locked[field];
  const items = edit.draft[field];
  const set = (next: string[]) => edit.onChange({ [field]: next });
  if (locked) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-muted">{lockedHint(locked)}</p>
        {items.map((text, index) => (
          <TextArea key={index} label={`${itemName} ${index + 1}`} value={text} readOnly rows={3} />
        ))}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ol className="space-y-4">
        {items.map((text, index) => (
          <li key={index} className="rounded-lg bg-paper-deep/60 p-3 ring-1 ring-line">
            <TextArea
              label={`${itemName} ${index + 1}`}
              value={text}
              rows={3}
              hint={index === 0 ? MARKDOWN_HINT : undefined}
              onChange={(event) => set(items.map((old, i) => (i === index ? event.target.value : old)))}
            />
            <div className="mt-2">
              <ItemActions
                index={index}
                count={items.length}
                min={min}
                name={`${itemName.toLowerCase()} ${index + 1}`}
                onMove={(to) => set(moved(items, index, to))}
                onRemove={() => set(items.filter((_, i) => i !== index))}
              />
            </div>
          </li>
        ))}
      </ol>
      <Button variant="secondary" disabled={items.length >= max} onClick={() => set([...items, ""])}>
        <Icon name="plus" className="size-5" />
        {addLabel}
      </Button>
    </div>
  );
}

/** The FAQ: questions (text) and answers (Markdown) in the order participants see them. */
export function FaqList({ edit }: { edit: Edit }) {
  const faq = edit.draft.faq;
  const set = (next: FaqEntry[]) => edit.onChange({ faq: next });
  const change = (index: number, patch: Partial<FaqEntry>) => set(faq.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)));
  return (
    <div className="space-y-4">
      <ol className="space-y-4">
        {faq.map((entry, index) => (
          <li key={index} className="space-y-3 rounded-lg bg-paper-deep/60 p-3 ring-1 ring-line">
            <TextField label={`Question ${index + 1}`} value={entry.question} maxLength={200} onChange={(event) => change(index, { question: event.target.value })} />
            <TextArea
              label={`Answer ${index + 1}`}
              value={entry.answer}
              rows={3}
              hint={index === 0 ? MARKDOWN_HINT : undefined}
              onChange={(event) => change(index, { answer: event.target.value })}
            />
            <ItemActions
              index={index}
              count={faq.length}
              min={0}
              name={`question ${index + 1}`}
              onMove={(to) => set(moved(faq, index, to))}
              onRemove={() => set(faq.filter((_, i) => i !== index))}
            />
          </li>
        ))}
      </ol>
      <Button variant="secondary" disabled={faq.length >= 30} onClick={() => set([...faq, { question: "", answer: "" }])}>
        <Icon name="plus" className="size-5" />
        Add a question
      </Button>
    </div>
  );
}
