import { EDITABLE_FIELDS, type EditableField, type MediaSlot, type Show, type ShowFields, type ShowPatch } from "../../api/show";

/** The editable part of a show: what the Show screen's form holds until it is saved. */
export function draftOf(show: Show): ShowFields {
  return Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, structuredClone(show[field])])) as ShowFields;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the fields the admin changed (and may change): what PUT /api/show is sent. */
export function changesOf(show: Show, draft: ShowFields): ShowPatch {
  const patch: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) if (!show.locked[field] && !same(show[field], draft[field])) patch[field] = draft[field];
  return patch as ShowPatch;
}

/**
 * How many changes the admin made in `fields`, as they made them: one per text, and in a list one per step, paragraph
 * or question added, removed or edited (an edit takes one out and puts one in); a list only reordered is one change.
 * A list counted as one said "1 unsaved change" for five new paragraphs.
 */
export function changeCount(before: object, after: object, fields: readonly string[]): number {
  const count = (a: unknown, b: unknown): number => {
    if (same(a, b)) return 0;
    if (!Array.isArray(a) || !Array.isArray(b)) return 1;
    const left = a.map((entry) => JSON.stringify(entry));
    let added = 0;
    for (const entry of b) {
      const at = left.indexOf(JSON.stringify(entry));
      if (at === -1) added++;
      else left.splice(at, 1);
    }
    return Math.max(added, left.length) || 1;
  };
  return fields.reduce((sum, field) => sum + count(before[field as keyof typeof before], after[field as keyof typeof after]), 0);
}

export const isLocked = (show: Show, field: EditableField | MediaSlot) => show.locked[field];

/** The list with the item at `from` moved to `to` (both in range), for the reorderable lists (steps, FAQ, intro). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A file chosen for a slot but not uploaded yet: the preview shows it from this device. */
export type StagedMedia = Partial<Record<MediaSlot, { url: string; type: string }>>;

/** The show as a phone would see it once the draft is saved and the chosen files are uploaded. */
export function previewOf(show: Show, draft: ShowFields, staged: StagedMedia): Show {
  const preview: Show = { ...show, ...draft };
  // A new accent's hover shade and text colour are the server's to derive: until saved, the accent stands for both
  // shades and the text on it keeps its colour.
  if (!/^#[0-9a-f]{6}$/i.test(preview.accent_color)) preview.accent_color = show.accent_color;
  if (preview.accent_color !== show.accent_color) preview.accent_strong = preview.accent_color;
  const video = (slot: MediaSlot) => staged[slot] && [{ url: staged[slot]!.url, type: staged[slot]!.type }];
  preview.onboarding_video_sources = video("onboarding-video") || show.onboarding_video_sources;
  preview.tutorial_video_sources = video("tutorial-video") || show.tutorial_video_sources;
  preview.onboarding_video_url = staged["onboarding-video"]?.url ?? show.onboarding_video_url;
  preview.tutorial_video_url = staged["tutorial-video"]?.url ?? show.tutorial_video_url;
  preview.onboarding_captions_url = staged["onboarding-captions"]?.url ?? show.onboarding_captions_url;
  preview.tutorial_captions_url = staged["tutorial-captions"]?.url ?? show.tutorial_captions_url;
  preview.logo_url = staged.logo?.url ?? show.logo_url;
  preview.landing_image_url = staged["landing-image"]?.url ?? show.landing_image_url;
  return preview;
}
