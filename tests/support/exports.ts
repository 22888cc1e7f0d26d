/** Downloading an export through the API and reading it back: shared by the local and S3 tests (small exports). */
import { expect } from "bun:test";
import type { Actor } from "./client";
import { readZip, sha256Of, storedEntry, type ZipEntry } from "./zip-reader";

export type ManifestItem = {
  id: number;
  title: string;
  kind: string;
  mime: string | null;
  bytes: number | null;
  sha256: string | null;
  visibility: string;
  review_status: string;
  participant: { id: number; username: string; full_name: string };
  file: string | null;
  file_missing?: true;
};

export type Exported = { file: Blob; entries: ZipEntry[]; manifest: ManifestItem[]; audit: { target_id: number; action: string }[] };

/** GET /api/export?query, opened as an unzip program would (the large export's test streams to disk instead). */
export async function downloadExport(actor: Actor, query = ""): Promise<Exported> {
  const response = await actor.get(`/api/export${query ? `?${query}` : ""}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  const file = new Blob([await response.arrayBuffer()]);
  const entries = await readZip(file);
  const text = async (name: string) => {
    const entry = entries.find((e) => e.name === name);
    if (!entry) throw new Error(`no ${name} in the export`);
    const bytes = new Uint8Array(await (await storedEntry(file, entry)).arrayBuffer());
    expect(Bun.hash.crc32(bytes)).toBe(entry.crc32);
    return new TextDecoder().decode(bytes);
  };
  return { file, entries, manifest: JSON.parse(await text("manifest.json")), audit: JSON.parse(await text("audit.json")) };
}

/**
 * Every original in the ZIP hashes to its manifest record and to the admin API's media.sha256, and nothing else is
 * in the ZIP but the three manifests and the README for whoever opens it.
 */
export async function expectFilesMatch(exported: Exported, apiSha256: Map<number, string>): Promise<void> {
  const media = exported.entries.filter((e) => e.name.startsWith("media/"));
  expect(exported.entries.filter((e) => !e.name.startsWith("media/")).map((e) => e.name)).toEqual(["README.txt", "manifest.json", "manifest.csv", "audit.json"]);
  expect(media.map((e) => e.name).sort()).toEqual(exported.manifest.flatMap((m) => (m.file ? [m.file] : [])).sort());
  for (const record of exported.manifest.filter((m) => m.file)) {
    const entry = media.find((e) => e.name === record.file)!;
    expect(entry.method).toBe(0); // stored as is
    const digest = await sha256Of(await storedEntry(exported.file, entry));
    expect(digest).toBe(record.sha256!);
    expect(digest).toBe(apiSha256.get(record.id)!);
    expect(entry.size).toBe(record.bytes!);
  }
}

/** id → media.sha256 as the admin list reports it. */
export async function adminSha256(admin: Actor): Promise<Map<number, string>> {
  const items = (await (await admin.get("/api/evidence/admin")).json()) as { id: number; media?: { sha256: string } }[];
  return new Map(items.flatMap((item) => (item.media ? [[item.id, item.media.sha256] as const] : [])));
}
