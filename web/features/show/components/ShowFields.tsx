import { type ReactNode, useId } from "react";
import type { EditableField, FaqEntry, Show, ShowFields } from "../../../api/show";
import { Button } from "../../../ui/Button";
import { fieldClass, TextArea, TextField } from "../../../ui/Field";
import { Icon } from "../../../ui/Icon";
import { t } from "../../i18n/i18n";
import { moved } from "../draft";

/** The hint under a text written in Markdown. */
export const markdownHint = () => t("showEditor.markdown_hint");

type Edit = { show: Show; draft: ShowFields; onChange: (patch: Partial<ShowFields>) => void };
type StringField = { [K in EditableField]: ShowFields[K] extends string ? K : never }[EditableField];

type FlagField = { [K in EditableField]: ShowFields[K] extends boolean ? K : never }[EditableField];

/** A setting that is on or off (a checkbox with its explanation). */
export function ShowFlag({ edit, field, label, hint }: { edit: Edit; field: FlagField; label: string; hint: string }) {
  const locked = edit.show.locked[field];
  const hintId = useId();
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-5 shrink-0"
        checked={edit.draft[field]}
        disabled={Boolean(locked)}
        aria-describedby={hintId}
        onChange={(event) => edit.onChange({ [field]: event.target.checked })}
      />
      <span>
        <span className="font-semibold text-ink-900">{label}</span>
        <span id={hintId} className="block text-muted">
          {locked ? lockedHint(locked) : hint}
        </span>
      </span>
    </label>
  );
}

/** Why a field cannot be changed here, as the server's 409 says it. */
export const lockedHint = (variable: string) => t("showEditor.locked_hint", { variable });

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
        {t("showEditor.accent_colour")}
      </label>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label={t("showEditor.pick_accent_colour")}
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
        {locked ? lockedHint(locked) : valid ? t("showEditor.accent_hint") : t("showEditor.accent_invalid")}
      </p>
    </div>
  );
}

/** What a list holds, as its messages choose their words (`{item, select, step {…} paragraph {…} other {…}}`). */
type ItemKind = "step" | "paragraph" | "question";

/** Move up, move down and remove for one item of a list; the list keeps at least `min` items. */
function ItemActions({ index, count, min, item, onMove, onRemove }: { index: number; count: number; min: number; item: ItemKind; onMove: (to: number) => void; onRemove: () => void }) {
  const which = { item, n: index + 1 };
  return (
    <div className="flex flex-wrap gap-1">
      <Button size="sm" variant="ghost" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={t("showEditor.item.move_up", which)}>
        {t("showEditor.up")}
      </Button>
      <Button size="sm" variant="ghost" disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={t("showEditor.item.move_down", which)}>
        {t("showEditor.down")}
      </Button>
      <Button size="sm" variant="ghost" disabled={count <= min} onClick={onRemove} aria-label={t("showEditor.item.remove", which)}>
        <Icon name="close" className="size-4" />
        {t("showEditor.remove")}
      </Button>
    </div>
  );
}

/** A list of Markdown paragraphs (the appointment's steps, the archive's introduction): edit, reorder, add, remove. */
export function ParagraphList({
  edit,
  field,
  min,
  max,
}: {
  edit: Edit;
  field: "instructions" | "archive_intro";
  min: number;
  max: number;
}) {
  const item: ItemKind = field === "instructions" ? "step" : "paragraph";
  const label = (index: number) => t("showEditor.item.label", { item, n: index + 1 });
  const locked = edit.show.locked[field];
  const items = edit.draft[field];
  const set = (next: string[]) => edit.onChange({ [field]: next });
  if (locked) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-muted">{lockedHint(locked)}</p>
        {items.map((text, index) => (
          <TextArea key={index} label={label(index)} value={text} readOnly rows={3} />
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
              label={label(index)}
              value={text}
              rows={3}
              hint={index === 0 ? markdownHint() : undefined}
              onChange={(event) => set(items.map((old, i) => (i === index ? event.target.value : old)))}
            />
            <div className="mt-2">
              <ItemActions
                index={index}
                count={items.length}
                min={min}
                item={item}
                onMove={(to) => set(moved(items, index, to))}
                onRemove={() => set(items.filter((_, i) => i !== index))}
              />
            </div>
          </li>
        ))}
      </ol>
      <Button variant="secondary" disabled={items.length >= max} onClick={() => set([...items, ""])}>
        <Icon name="plus" className="size-5" />
        {t("showEditor.item.add", { item })}
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
            <TextField label={t("showEditor.item.label", { item: "question", n: index + 1 })} value={entry.question} maxLength={200} onChange={(event) => change(index, { question: event.target.value })} />
            <TextArea
              label={t("showEditor.answer_label", { n: index + 1 })}
              value={entry.answer}
              rows={3}
              hint={index === 0 ? markdownHint() : undefined}
              onChange={(event) => change(index, { answer: event.target.value })}
            />
            <ItemActions
              index={index}
              count={faq.length}
              min={0}
              item="question"
              onMove={(to) => set(moved(faq, index, to))}
              onRemove={() => set(faq.filter((_, i) => i !== index))}
            />
          </li>
        ))}
      </ol>
      <Button variant="secondary" disabled={faq.length >= 30} onClick={() => set([...faq, { question: "", answer: "" }])}>
        <Icon name="plus" className="size-5" />
        {t("showEditor.item.add", { item: "question" })}
      </Button>
    </div>
  );
}
