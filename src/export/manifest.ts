/**
 * manifest.json and manifest.csv: one record per exported item, written item by item (an export may hold tens of
 * thousands). `file` names the original inside the ZIP; `sha256` is the stored file's, so a recipient can check it;
 * `public_sha256` the redacted copy's that the public gets in its place (src/redaction), null when there is none.
 */
import { MEDIA_TYPES } from "../evidence/evidence-input";
import type { PlannedItem } from "./plan";

const KIND_NAMES = Object.fromEntries(Object.entries(MEDIA_TYPES).map(([name, value]) => [value, name])) as Record<number, string>;

/**
 * One item's record. For the participant's own data (`forParticipant`) the investigator's review state is left out:
 * it belongs to the investigation, not to the person (docs/privacy.md).
 */
export function manifestRecord(item: PlannedItem, missing: boolean, forParticipant = false) {
  const record = {
    id: item.id,
    title: item.title,
    notes: item.notes,
    location: item.location,
    participant: { id: item.userId, username: item.username, full_name: item.fullName },
    posted: item.datePosted,
    kind: KIND_NAMES[item.mediaType] ?? "unknown",
    mime: item.media?.mime ?? null,
    bytes: item.media?.size ?? null,
    sha256: item.media?.sha256 ?? null,
    public_sha256: item.publicSha256 ?? null,
    visibility: item.isPublic ? "public" : "private",
    review_status: item.reviewStatus,
    file: missing ? null : item.entry,
    ...(missing ? { file_missing: true } : {}),
  };
  if (forParticipant) delete (record as Partial<typeof record>).review_status;
  return record;
}

type ManifestRecord = ReturnType<typeof manifestRecord>;

export async function* manifestJson(records: Iterable<ManifestRecord>): AsyncIterable<string> {
  let first = true;
  yield "[";
  for (const record of records) {
    yield `${first ? "" : ","}\n  ${JSON.stringify(record)}`;
    first = false;
  }
  yield first ? "]\n" : "\n]\n";
}

const CSV_COLUMNS = [
  "id", "title", "notes", "location", "participant_id", "username", "full_name", "posted", "kind", "mime", "bytes",
  "sha256", "public_sha256", "visibility", "review_status", "file",
] as const;

/** RFC 4180 quoting; a text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading '. */
export function csvCell(value: string | number | null, text: boolean): string {
  if (value === null) return "";
  let cell = String(value);
  if (text && /^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** The CSV of the records; without the review_status column for the participant's own data. */
export async function* manifestCsv(records: Iterable<ManifestRecord>, forParticipant = false): AsyncIterable<string> {
  const columns = forParticipant ? CSV_COLUMNS.filter((column) => column !== "review_status") : CSV_COLUMNS;
  yield `${columns.join(",")}\r\n`;
  for (const r of records) {
    const cells: Record<(typeof CSV_COLUMNS)[number], [string | number | null, boolean]> = {
      id: [r.id, false], title: [r.title, true], notes: [r.notes, true], location: [r.location, true], participant_id: [r.participant.id, false],
      username: [r.participant.username, true], full_name: [r.participant.full_name, true], posted: [r.posted, false], kind: [r.kind, false],
      mime: [r.mime, false], bytes: [r.bytes, false], sha256: [r.sha256, false], public_sha256: [r.public_sha256, false], visibility: [r.visibility, false],
      review_status: [r.review_status ?? null, false], file: [r.file, true],
    };
    yield `${columns.map((column) => csvCell(...cells[column])).join(",")}\r\n`;
  }
}
