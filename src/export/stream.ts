/**
 * Streaming a planned export as a ZIP (client-zip): each original is pulled from the media store only when the ZIP
 * reaches it and passed through chunk by chunk, so memory stays bounded whatever the export's size; client-zip
 * switches to ZIP64 by itself once an entry or the archive passes 4 GiB (one archive, never split). Originals are
 * stored as they are (STORE: they are compressed already), and so are the manifests (client-zip does not deflate).
 *
 * Originals come first and the manifests last, so the manifests describe what the ZIP really holds: a file deleted
 * from the store since planning is left out and marked `file_missing` rather than breaking the download.
 */
import { makeZip } from "client-zip";
import type { AppContext } from "../context";
import { type MediaStore, MissingMediaError } from "../media/store";
import { auditEntriesJson } from "./audit-entries";
import { manifestCsv, manifestJson, manifestRecord } from "./manifest";
import type { ExportPlan } from "./plan";
import { exportReadme } from "./readme";

const EXPORT_ENTRIES = { csv: "manifest.csv", json: "manifest.json", audit: "audit.json" } as const;

/**
 * What a participant's own data adds to an export of their items (src/rights/my-data.ts): files of theirs that are
 * no item (verification photo, avatar), small JSON documents (the profile), and the entries about their account.
 */
export type ExportExtras = {
  files?: { name: string; storeKey: string }[];
  documents?: { name: string; value: unknown }[];
  /** The participant whose own data this is: their account's entries are added, and the investigator's are kept out. */
  auditUserId?: number;
};

export function streamExport(ctx: Pick<AppContext, "db" | "store">, plan: ExportPlan, extras: ExportExtras = {}): ReadableStream<Uint8Array> {
  return makeZip(entries(ctx, plan, extras), { buffersAreUTF8: true });
}

async function* entries(ctx: Pick<AppContext, "db" | "store">, plan: ExportPlan, extras: ExportExtras) {
  const lastModified = new Date(plan.createdAt);
  const forParticipant = extras.auditUserId !== undefined;
  yield { name: "README.txt", input: exportReadme({ forParticipant, items: plan.items.length, createdAt: plan.createdAt }), lastModified };
  for (const document of extras.documents ?? []) yield { name: document.name, input: `${JSON.stringify(document.value, null, 2)}\n`, lastModified };
  for (const file of extras.files ?? []) {
    const input = await openOriginal(ctx.store, file.storeKey);
    if (input) yield { name: file.name, input, lastModified };
    else console.warn(`export: ${file.name} (${file.storeKey}) is not in the store; left out`);
  }
  const missing = new Set<number>();
  for (const item of plan.items) {
    if (!item.media || !item.entry) continue;
    const input = await openOriginal(ctx.store, item.media.storeKey);
    if (!input) {
      console.warn(`export: the file of item ${item.id} (${item.media.storeKey}) is not in the store; left out`);
      missing.add(item.id);
      continue;
    }
    yield { name: item.entry, input, lastModified: new Date(item.datePosted) };
  }
  function* records() {
    for (const item of plan.items) yield manifestRecord(item, missing.has(item.id), forParticipant);
  }
  yield { name: EXPORT_ENTRIES.json, input: manifestJson(records()), lastModified };
  yield { name: EXPORT_ENTRIES.csv, input: manifestCsv(records(), forParticipant), lastModified };
  yield { name: EXPORT_ENTRIES.audit, input: auditEntriesJson(ctx, { itemIds: new Set(plan.items.map((item) => item.id)), userId: extras.auditUserId }), lastModified };
}

/**
 * The original as a stream, or undefined when the store has no such file. The first chunk is read here, because a
 * local file removed between the store's check and the read fails only when read. Any other failure (the store unreachable, or going away mid-file)
 * aborts the ZIP: a broken download is better than one silently short of files.
 */
async function openOriginal(store: MediaStore, key: string): Promise<ReadableStream<Uint8Array> | undefined> {
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  let first: { done?: boolean; value?: Uint8Array };
  try {
    const body = await store.read(key);
    reader = (body instanceof Blob ? body.stream() : body).getReader();
    first = await reader.read();
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (first.value === undefined) controller.close();
        else controller.enqueue(first.value);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

const isMissingFile = (error: unknown) => error instanceof MissingMediaError || (error as { code?: string }).code === "ENOENT";
