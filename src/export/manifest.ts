/**
 * manifest.json and manifest.csv: one record per exported item, written item by item (an export may hold tens of
 * thousands). `file` names the original inside the ZIP; `sha256` is the stored file's, so a recipient can check it.
 */
import { KINDS } from "./export-filters";
import type { PlannedItem } from "./plan";

const KIND_NAMES = Object.fromEntries(Object.entries(KINDS).map(([name, value]) => [value, name])) as Record<number, string>;

export function manifestRecord(item: PlannedItem, missing: boolean) {
  return {
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
    visibility: item.isPublic ? "public" : "private",
    review_status: item.reviewStatus,
    file: missing ? null : item.entry,
    ...(missing ? { file_missing: true } : {}),
  };
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
  "sha256", "visibility", "review_status", "file",
] as const;

/** RFC 4180 quoting; a text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading '. */
function csvCell(value: string | number | null, text: boolean): string {
  if (value === null) return "";
  let cell = String(value);
  if (text && /^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

export async function* manifestCsv(records: Iterable<ManifestRecord>): AsyncIterable<string> {
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  for (const r of records) {
    const cells: [string | number | null, boolean][] = [
      [r.id, false], [r.title, true], [r.notes, true], [r.location, true], [r.participant.id, false],
      [r.participant.username, true], [r.participant.full_name, true], [r.posted, false], [r.kind, false],
      [r.mime, false], [r.bytes, false], [r.sha256, false], [r.visibility, false], [r.review_status, false], [r.file, true],
    ];
    yield `${cells.map(([value, text]) => csvCell(value, text)).join(",")}\r\n`;
  }
}
