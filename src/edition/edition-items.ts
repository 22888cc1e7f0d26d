/**
 * What the public archive shows, read for its edition and its IIIF manifests: the public items, and of each the files
 * a visitor may reach (src/media/media.service.ts mediaAccess): the public version of its file (the metadata-free copy,
 * or the stored file when it carried nothing), the server's renditions of it, its thumbnail. Never an original that
 * has a copy, never a withheld file, never a private or withdrawn item (withdrawn items are private), never a place.
 */
import type { Client, Transaction } from "@libsql/client";
import type { MediaFileRow } from "../db/media-files";
import type { RenditionKind } from "../db/media-renditions";
import { mediaUrl } from "../media/media.service";
import { currentRedactionJoin, PUBLIC_FILE_COLUMNS } from "../redaction/redaction-state";
import { renditionUrl } from "../renditions/renditions.service";

export type EditionKind = "note" | "image" | "video" | "audio";
const KINDS: Record<number, EditionKind> = { 1: "note", 2: "image", 3: "video", 4: "audio" };

/** What a file is to its item: the one painted on the canvas, or a picture or waveform beside it. */
export type FileRole = "main" | "thumbnail" | "poster" | "peaks";

export type EditionFile = {
  role: FileRole;
  storeKey: string;
  size: number;
  mime: string;
  /** Where the edition keeps it (named by the media id, which never changes content: a new file gets a new id). */
  path: string;
  /** Where the running server serves it. */
  liveUrl: string;
};

export type EditionItem = {
  id: number;
  title: string;
  notes: string;
  datePosted: string;
  username: string;
  kind: EditionKind;
  /** As the sender or the file's header said; the export measures the file itself when it can. */
  durationMs: number | null;
  files: EditionFile[];
};

type Reader = Pick<Client | Transaction, "execute">;
type PublicRow = Pick<MediaFileRow, "id" | "storeKey" | "publicCopy" | "publicStoreKey" | "publicSize" | "mime" | "size" | "durationMs">;

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif", "image/webp": "webp", "image/heic": "heic", "image/heif": "heif", "image/svg+xml": "svg",
  "video/mp4": "mp4", "video/quicktime": "mov", "video/webm": "webm", "audio/mp4": "m4a", "audio/mpeg": "mp3",
  "audio/aac": "aac", "audio/wav": "wav", "audio/ogg": "ogg", "audio/webm": "weba", "application/json": "json",
};
export const extensionOf = (mime: string) => EXTENSIONS[mime.split(";")[0]!.trim()] ?? "bin";

/**
 * The public items, newest first (as the archive lists them), one item when `onlyId` is given. Run it in one read
 * transaction (the export does) and every row comes from one state of the database.
 */
export async function readEditionItems(reader: Reader, onlyId?: number): Promise<EditionItem[]> {
  const { rows } = await reader.execute({
    sql:
      `select e.id, e.title, e.notes, e.date_posted, u.username, e.media_type, e.duration_ms, ${PUBLIC_FILE_COLUMNS}` +
      // A redacted item shows its redacted copy alone (src/redaction).
      ` from evidence e join users u on u.id = e.user_id${currentRedactionJoin("e")} where e.is_public = 1 and e.withdrawn_at is null${onlyId === undefined ? "" : " and e.id = ?"}` +
      " order by e.id desc",
    args: onlyId === undefined ? [] : [onlyId],
  });
  const mediaIds = rows.flatMap((row) => [row[7], row[8]]).filter((id): id is string => typeof id === "string");
  const media = await publicFiles(reader, mediaIds);
  const renditions = await renditionRows(reader, mediaIds);
  return rows.map((row) => {
    const main = row[7] === null ? undefined : media.get(row[7] as string);
    const thumb = row[8] === null ? undefined : media.get(row[8] as string);
    const made = main ? (renditions.get(main.id) ?? []) : [];
    const files: EditionFile[] = [];
    const display = made.find((r) => r.kind === "display");
    if (display) files.push(renditionFile("main", main!.id, display));
    else if (main) files.push(publicVersionFile("main", main));
    if (thumb) files.push(publicVersionFile("thumbnail", thumb));
    else {
      const madeThumb = made.find((r) => r.kind === "thumbnail");
      if (madeThumb) files.push(renditionFile("thumbnail", main!.id, madeThumb));
    }
    for (const kind of ["poster", "peaks"] as const) {
      const found = made.find((r) => r.kind === kind);
      if (found) files.push(renditionFile(kind, main!.id, found));
    }
    return {
      id: row[0] as number,
      title: row[1] as string,
      notes: row[2] as string,
      datePosted: row[3] as string,
      username: row[4] as string,
      kind: KINDS[row[5] as number] ?? "note",
      durationMs: (row[6] as number | null) ?? main?.durationMs ?? null,
      files,
    };
  });
}

/** The files a visitor may read: a withheld one (no safe copy) is left out, as the media route refuses it. */
async function publicFiles(reader: Reader, ids: string[]): Promise<Map<string, PublicRow>> {
  const found = new Map<string, PublicRow>();
  if (ids.length === 0) return found;
  const { rows } = await reader.execute({
    sql:
      "select id, store_key, public_copy, public_store_key, public_size, mime, size, duration_ms from media_files" +
      ` where public_copy != 'withheld' and purpose in ('evidence', 'thumbnail', 'redaction') and id in (${ids.map(() => "?").join(", ")})`,
    args: ids,
  });
  for (const row of rows) {
    found.set(row[0] as string, {
      id: row[0] as string,
      storeKey: row[1] as string,
      publicCopy: row[2] as PublicRow["publicCopy"],
      publicStoreKey: row[3] as string | null,
      publicSize: row[4] as number | null,
      mime: row[5] as string,
      size: row[6] as number,
      durationMs: row[7] as number | null,
    });
  }
  return found;
}

type RenditionRow = { kind: RenditionKind; mime: string; storeKey: string; size: number };

async function renditionRows(reader: Reader, ids: string[]): Promise<Map<string, RenditionRow[]>> {
  const found = new Map<string, RenditionRow[]>();
  if (ids.length === 0) return found;
  const { rows } = await reader.execute({
    sql: `select media_id, kind, mime, store_key, size from media_renditions where media_id in (${ids.map(() => "?").join(", ")})`,
    args: ids,
  });
  for (const row of rows) {
    const list = found.get(row[0] as string) ?? [];
    list.push({ kind: row[1] as RenditionKind, mime: row[2] as string, storeKey: row[3] as string, size: row[4] as number });
    found.set(row[0] as string, list);
  }
  return found;
}

/** The version visitors get (media.routes.ts): the copy when there is one, else the stored file, which carried nothing. */
function publicVersionFile(role: FileRole, row: PublicRow): EditionFile {
  const copy = row.publicCopy === "copy";
  return {
    role,
    storeKey: copy ? row.publicStoreKey! : row.storeKey,
    size: copy ? row.publicSize! : row.size,
    mime: row.mime,
    path: `media/${row.id}/${role === "main" ? "file" : role}.${extensionOf(row.mime)}`,
    liveUrl: mediaUrl(row.id)!,
  };
}

function renditionFile(role: FileRole, mediaId: string, r: RenditionRow): EditionFile {
  return { role, storeKey: r.storeKey, size: r.size, mime: r.mime, path: `media/${mediaId}/${r.kind}.${extensionOf(r.mime)}`, liveUrl: renditionUrl(mediaId, r.kind) };
}
