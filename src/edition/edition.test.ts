/**
 * The archive's static edition (issue 47), exported by the real command line while the server runs, from a show with
 * every kind of item: what it holds, its IIIF (parsed by @iiif/parser, ids resolving inside the folder, canvases
 * matching the files as ffprobe measures them), its JSON-LD, that nothing private is in any of its files, its audit
 * entry, a re-run, and the live /iiif routes.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { normalize } from "@iiif/parser";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Actor } from "../../tests/support/client";
import { seedEditionShow, type EditionSeed } from "../../tests/support/edition-seed";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { FROM_SOURCE, runCommand } from "../../tests/ship/support/program";
import { readZip, storedEntry } from "../../tests/support/zip-reader";

const BASE = "https://museum.example/shows/edition/";
let server: TestServer;
let seed: EditionSeed;
let work: string;
let folder: string;
let firstRun: { code: number; stdout: string; stderr: string };

const exportEdition = (target: string, ...extra: string[]) =>
  runCommand([...FROM_SOURCE, "archive", "export", target, ...extra], work, {
    PATH: process.env.PATH!,
    DATABASE_URL: server.ctx.config.databaseUrl,
    UPLOADS_DIR: server.uploadsDir,
  });

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}
const json = async (relative: string) => Bun.file(path.join(folder, relative)).json();
const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

async function ffprobe(file: string) {
  const out = await new Response(Bun.spawn(["ffprobe", "-v", "error", "-show_entries", "stream=width,height:format=duration", "-of", "json", file]).stdout).json();
  const video = (out.streams as { width?: number; height?: number }[]).find((s) => s.width);
  return { width: video?.width, height: video?.height, seconds: Number(out.format?.duration) };
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "casefile-edition-"));
  folder = path.join(work, "not-yet/edition");
  server = await startTestServer({ RENDITION_JOBS: "1" });
  seed = await seedEditionShow(server);
  firstRun = await exportEdition(folder, "--base-url", BASE);
}, 240_000);
afterAll(async () => {
  await server.stop();
  await rm(work, { recursive: true, force: true });
});

const publicIds = () => ["photo", "heic", "video", "audio", "note", "withheld"].map((k) => seed.items[k as keyof EditionSeed["items"]].id);

describe("casefile archive export", () => {
  test("writes the edition into a folder that did not exist, while the server runs, and says what it wrote", async () => {
    expect(firstRun.stderr).toBe("");
    expect(firstRun.code).toBe(0);
    expect(firstRun.stdout).toMatch(/^edition written to .*: 6 items, \d+ media files; \d+ files written, 0 unchanged, 0 removed\n$/);
    const files = await filesUnder(folder);
    for (const name of ["index.html", "edition.css", "README.txt", "catalogue.csv", "sitemap.xml", "iiif/collection.json"]) expect(files).toContain(name);
    for (const id of publicIds()) {
      expect(files).toContain(`items/${id}/index.html`);
      expect(files).toContain(`iiif/${id}/manifest.json`);
    }
    for (const hidden of [seed.items.withdrawn.id, seed.items.secret.id]) expect(files.filter((f) => f.includes(`/${hidden}/`))).toEqual([]);
    // The HEIC is shown as the server's JPEG, with its thumbnail: renditions are in the edition.
    const heicMedia = seed.items.heic.aws_url.split("/").pop()!;
    expect(files).toContain(`media/${heicMedia}/display.jpg`);
    expect(files).toContain(`media/${heicMedia}/thumbnail.jpg`);
    expect(files.some((f) => f.endsWith(".heic"))).toBe(false);
    // The withheld file is not there, though its item is (as the live archive lists it).
    expect(files.filter((f) => f.startsWith(`media/${seed.items.withheld.aws_url.split("/").pop()}`))).toEqual([]);
  });

  test("every manifest and the collection parse as IIIF Presentation 3, with ids inside the edition and canvases matching the files", async () => {
    const collection = await json("iiif/collection.json");
    const parsed = normalize(structuredClone(collection));
    expect(parsed.resource).toMatchObject({ id: `${BASE}iiif/collection.json`, type: "Collection" });
    expect(collection["@context"]).toBe("http://iiif.io/api/presentation/3/context.json");
    expect(collection.rights).toBe("http://creativecommons.org/licenses/by-sa/4.0/");
    expect(collection.items.map((m: { id: string }) => m.id).sort()).toEqual(publicIds().map((id) => `${BASE}iiif/${id}/manifest.json`).sort());
    const inEdition = async (id: string) => {
      expect(id.startsWith(BASE)).toBe(true);
      const relative = id.slice(BASE.length);
      expect(await Bun.file(path.join(folder, relative.endsWith("/") ? `${relative}index.html` : relative)).exists()).toBe(true);
      return path.join(folder, relative);
    };
    for (const id of publicIds()) {
      const manifest = await json(`iiif/${id}/manifest.json`);
      const { entities, resource } = normalize(structuredClone(manifest));
      expect(resource).toMatchObject({ id: manifest.id, type: "Manifest" });
      await inEdition(manifest.id);
      await inEdition(manifest.homepage[0].id);
      await inEdition(manifest.partOf[0].id);
      for (const thumbnail of manifest.thumbnail ?? []) await inEdition(thumbnail.id);
      expect(manifest.label.none[0]).toBeString();
      expect(manifest.requiredStatement.value.none[0]).toBe("Courtesy of the Test Collective — CC BY-SA 4.0");
      expect(manifest.metadata.map((m: { label: { en: string[] } }) => m.label.en[0])).toEqual(expect.arrayContaining(["Title", "Date", "Participant"]));
      expect(manifest.items).toHaveLength(1);
      const canvas = (entities.Canvas as Record<string, { width?: number; height?: number; duration?: number }>)[manifest.items[0].id]!;
      const annotation = manifest.items[0].items[0].items[0];
      expect(annotation.motivation).toBe("painting");
      expect(annotation.target).toBe(manifest.items[0].id);
      const body = annotation.body;
      if (body.type === "TextualBody" || id === seed.items.withheld.id) continue;
      const file = await inEdition(body.id);
      const measured = await ffprobe(file);
      if (body.type === "Image" || body.type === "Video") {
        expect([canvas.width, canvas.height]).toEqual([measured.width, measured.height]);
        expect([body.width, body.height]).toEqual([measured.width, measured.height]);
      }
      if (body.type === "Video" || body.type === "Sound") expect(Math.abs(canvas.duration! - measured.seconds)).toBeLessThan(0.05);
    }
    const note = await json(`iiif/${seed.items.note.id}/manifest.json`);
    expect(note.items[0].items[0].items[0].body).toMatchObject({ type: "TextualBody", value: "Nothing happened at the corner." });
  });

  test("every page carries schema.org JSON-LD that parses, with its media's address, format, duration, date, creator and collection", async () => {
    const pages = (await filesUnder(folder)).filter((f) => f.endsWith(".html"));
    // The index and every item in every shipped language (the show enables them all).
    expect(pages.filter((p) => p.startsWith("items/")).length).toBe(publicIds().length);
    expect(pages).toEqual(expect.arrayContaining(["index.html", "fr/index.html", "ar/index.html"]));
    for (const page of pages) {
      const html = await Bun.file(path.join(folder, page)).text();
      const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
      expect(scripts).toHaveLength(1);
      expect(scripts[0]["@context"]).toBe("https://schema.org");
      // No other script, and nothing from another origin (only the licence's link goes out; the icon is an empty data: URL).
      expect(html.match(/<script/g)).toHaveLength(1);
      expect([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((u) => /^[a-z]+:|^\/\//i.test(u) && u !== "data:,")).toEqual(["http://creativecommons.org/licenses/by-sa/4.0/"]);
    }
    const video = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(await Bun.file(path.join(folder, `items/${seed.items.video.id}/index.html`)).text())![1]!);
    expect(video).toMatchObject({
      "@type": "CreativeWork",
      name: "Video of the street",
      creator: { "@type": "Person" },
      isPartOf: { "@type": "Collection", url: `${BASE}index.html` },
      license: "http://creativecommons.org/licenses/by-sa/4.0/",
      creditText: "Courtesy of the Test Collective",
      associatedMedia: { "@type": "VideoObject", encodingFormat: expect.stringMatching(/^video\//) },
    });
    expect(video.associatedMedia.contentUrl.startsWith(`${BASE}media/`)).toBe(true);
    expect(video.associatedMedia.duration).toMatch(/^PT/);
    expect(video.dateCreated).toBeString();
  });

  test("every page exists in every enabled language, in its words and direction, and links to itself in each language", async () => {
    const files = await filesUnder(folder);
    const languages = ["en", "fr", "de", "es", "ar"];
    const prefix = (code: string) => (code === "en" ? "" : `${code}/`);
    for (const code of languages) for (const id of publicIds()) expect(files).toContain(`${prefix(code)}items/${id}/index.html`);
    const page = async (relative: string) => Bun.file(path.join(folder, relative)).text();
    const arabic = await page(`ar/items/${seed.items.photo.id}/index.html`);
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    for (const words of ["كل العناصر", "التاريخ", "المشارك", "مجموعة IIIF"]) expect(arabic).toContain(words);
    expect(arabic).not.toContain("All items");
    const french = await page(`fr/items/${seed.items.withheld.id}/index.html`);
    expect(french).toContain('<html lang="fr" dir="ltr">');
    expect(french).toContain("Le fichier de cet élément ne fait pas partie de l’archive publique.");
    expect(await page("de/index.html")).toContain(`<h2>${publicIds().length} Beiträge</h2>`);
    expect(await page("index.html")).toContain('<html lang="en" dir="ltr">');
    // The language switch: the same page in each language, by a relative link that resolves inside the folder.
    const from = `de/items/${seed.items.video.id}/index.html`;
    const links = [...(await page(from)).matchAll(/<a lang="([^"]+)" dir="(ltr|rtl)" hreflang="[^"]+" href="([^"]+)"/g)].map((m) => [m[1], m[2], path.posix.normalize(path.posix.join(path.posix.dirname(from), m[3]!))]);
    expect(links.sort()).toEqual(languages.sort().map((code) => [code, code === "ar" ? "rtl" : "ltr", `${prefix(code)}items/${seed.items.video.id}/index.html`]));
  });

  test("the catalogue, the sitemap and the README say what the edition holds, with every media file's SHA-256", async () => {
    const csv = await Bun.file(path.join(folder, "catalogue.csv")).text();
    expect(csv.split("\r\n")[0]).toStartWith("dc:identifier,dc:title,dc:description,dc:date,dc:creator,dc:type");
    expect(csv.split("\r\n").filter((line) => line.startsWith(`${BASE}items/`))).toHaveLength(publicIds().length);
    const sitemap = await Bun.file(path.join(folder, "sitemap.xml")).text();
    for (const id of publicIds()) expect(sitemap).toContain(`<loc>${BASE}items/${id}/</loc>`);
    const readme = await Bun.file(path.join(folder, "README.txt")).text();
    const media = (await filesUnder(folder)).filter((f) => f.startsWith("media/"));
    expect(media.length).toBeGreaterThan(5);
    for (const file of [...media, "iiif/collection.json", `iiif/${seed.items.photo.id}/manifest.json`]) {
      expect(readme).toContain(`${sha256(await Bun.file(path.join(folder, file)).bytes())}  ${file}`);
    }
    expect(readme).toContain("Courtesy of the Test Collective — CC BY-SA 4.0");
  });

  test("nothing private is in any file: no original, withdrawn or private item, verification photo, place, investigator note, e-mail or phone", async () => {
    const { rows } = await server.ctx.db.$client.execute(
      "select m.id, m.sha256, m.store_key, m.purpose, m.public_copy, e.is_public from media_files m left join evidence e on e.media_id = m.id or e.thumbnail_id = m.id",
    );
    const forbiddenHashes: string[] = [];
    const forbiddenTexts = [...seed.secrets];
    for (const row of rows) {
      // An original with a copy, a withheld file, a verification photo, a private or withdrawn item's file (whose
      // ids must not appear either; a public file's copy is served under its file's id).
      const unreachable = row.public_copy === "withheld" || row.purpose === "verification" || !row.is_public;
      if (row.public_copy !== "original" || unreachable) {
        forbiddenHashes.push(row.sha256 as string);
        forbiddenTexts.push(row.sha256 as string);
      }
      if (unreachable) forbiddenTexts.push(row.id as string);
    }
    expect(forbiddenHashes.length).toBeGreaterThan(5);
    for (const file of await filesUnder(folder)) {
      const bytes = await Bun.file(path.join(folder, file)).bytes();
      expect({ file, hash: forbiddenHashes.includes(sha256(bytes)) }).toEqual({ file, hash: false });
      const found = forbiddenTexts.filter((text) => Buffer.from(bytes).includes(text));
      expect({ file, found }).toEqual({ file, found: [] });
      // A place or a device in a file's own tags (a container's brand, "Apple iTunes AAC", and a colour profile's
      // maker name formats, not the phone).
      if (file.startsWith("media/") && !file.endsWith(".json")) {
        const tags = await new Response(Bun.spawn(["exiftool", "-a", "-G1", "-s", "-ee", path.join(folder, file)]).stdout).text();
        expect({ file, tags: tags.split("\n").filter((line) => /gps|make|model|location|6709|iphone|apple/i.test(line) && !/Brand|^\[ICC/.test(line)) }).toEqual({ file, tags: [] });
      }
    }
  });

  test("is audited, and a re-run rewrites only what changed: an item made private since leaves no file behind", async () => {
    const entries = await server.ctx.db.$client.execute("select actor_name, detail from audit_log where action = 'archive.export'");
    expect(entries.rows).toHaveLength(1);
    expect(JSON.parse(entries.rows[0]!.detail as string)).toMatchObject({ items: 6, base_url: BASE, removed: 0 });
    const same = await exportEdition(folder, "--base-url", BASE);
    // The README carries the export's time; nothing else changed.
    expect(same.stdout).toMatch(/ 1 files written, \d+ unchanged, 0 removed/);
    // What ffprobe measured is kept with the list, so the re-run did not probe the media again (the video's size and length).
    const listed = Object.values(await json(".casefile-edition.json")) as { facts?: { width?: number; durationMs?: number } }[];
    expect(listed.filter((file) => file.facts?.width && file.facts.durationMs).length).toBeGreaterThan(0);
    expect((await seed.admin.put(`/api/evidence/bulk`, { ids: [seed.items.audio.id], action: "unpublish" })).status).toBe(200);
    const after = await exportEdition(folder, "--base-url", BASE);
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(/5 items/);
    const audioMedia = seed.items.audio.aws_url.split("/").pop()!;
    for (const file of await filesUnder(folder)) {
      expect(file.includes(audioMedia) || file.includes(`/${seed.items.audio.id}/`)).toBe(false);
      expect((await Bun.file(path.join(folder, file)).text()).includes(audioMedia)).toBe(false);
    }
  });

  test("refuses a folder holding other files, and a base URL that is not http(s)", async () => {
    const other = path.join(work, "other");
    await Bun.write(path.join(other, "keep.txt"), "mine");
    const refused = await exportEdition(other);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("holds other files and no earlier edition");
    expect(await filesUnder(other)).toEqual(["keep.txt"]);
    const badBase = await exportEdition(path.join(work, "fresh"), "--base-url", "ftp://x/");
    expect(badBase.code).toBe(2);
    expect(badBase.stderr).toContain("--base-url must start with https:// or http://");
    expect(await Bun.file(path.join(work, "fresh")).exists()).toBe(false);
    expect((await readdir(work)).includes("fresh")).toBe(false);
  });

  test("without --base-url, ids are relative to the file that holds them and there is no sitemap (the README says so)", async () => {
    const relative = path.join(work, "relative");
    expect((await exportEdition(relative)).stdout).toContain("(no sitemap.xml without --base-url)");
    const manifest = await Bun.file(path.join(relative, `iiif/${seed.items.photo.id}/manifest.json`)).json();
    expect(manifest.id).toBe("manifest.json");
    expect(manifest.partOf[0].id).toBe("../collection.json");
    expect(await Bun.file(path.join(relative, `iiif/${seed.items.photo.id}`, manifest.items[0].items[0].items[0].body.id)).exists()).toBe(true);
    expect(await Bun.file(path.join(relative, "sitemap.xml")).exists()).toBe(false);
    expect(await Bun.file(path.join(relative, "README.txt")).text()).toContain("no sitemap.xml");
  });
});

describe("live IIIF", () => {
  test("the running server serves the collection and each public item's manifest; a private or withdrawn item is not found", async () => {
    const visitor = new Actor(server.url);
    const collection = await (await visitor.get("/iiif/collection.json")).json();
    expect(normalize(structuredClone(collection)).resource).toMatchObject({ type: "Collection" });
    expect(collection.items.length).toBe(5);
    const manifestResponse = await visitor.get(`/iiif/${seed.items.video.id}/manifest.json`);
    expect(manifestResponse.headers.get("content-type")).toContain("application/ld+json");
    const manifest = await manifestResponse.json();
    expect(manifest.id).toBe(`${server.url}/iiif/${seed.items.video.id}/manifest.json`);
    const body = manifest.items[0].items[0].items[0].body;
    expect((await visitor.get(body.id.slice(server.url.length))).status).toBe(200);
    expect(manifest.items[0].width).toBeGreaterThan(0);
    for (const hidden of [seed.items.withdrawn.id, seed.items.secret.id, seed.items.audio.id, 999999]) {
      const answer = await visitor.get(`/iiif/${hidden}/manifest.json`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ code: "not_found", message: "Not found." });
    }
  });
});

describe("the edition as a ZIP (GET /api/edition.zip)", () => {
  test("an admin downloads the same edition, relative links, nothing private; audited; refused to others and cross-site", async () => {
    const auditRows = async () => (await server.ctx.db.$client.execute("select actor_name, detail from audit_log where action = 'archive.export'")).rows;
    const before = (await auditRows()).length;
    expect((await new Actor(server.url).get("/api/edition.zip")).status).toBe(401);
    expect((await seed.owner.actor.get("/api/edition.zip")).status).toBe(403);
    const crossSite = await seed.admin.request("GET", "/api/edition.zip", undefined, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).message).toBe("Download the archive edition from the Server screen.");
    expect((await auditRows()).length).toBe(before);

    const response = await seed.admin.get("/api/edition.zip");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="archive-edition-\d{4}-\d\d-\d\d\.zip"$/);
    const file = new Blob([await response.arrayBuffer()]);
    const entries = await readZip(file);
    const names = entries.map((e) => e.name);
    for (const name of ["index.html", "ar/index.html", "README.txt", "catalogue.csv", "iiif/collection.json", `items/${seed.items.video.id}/index.html`]) expect(names).toContain(name);
    expect(names).not.toContain(".casefile-edition.json");
    // The recording was made private by the re-run's test above; the withdrawn and private items never were public.
    for (const hidden of [seed.items.audio, seed.items.withdrawn, seed.items.secret]) {
      expect(names.filter((name) => name.includes(`/${hidden.id}/`) || name.includes(hidden.aws_url.split("/").pop()!))).toEqual([]);
    }
    const collection = JSON.parse(await (await storedEntry(file, entries.find((e) => e.name === "iiif/collection.json")!)).text());
    expect(collection.items.map((m: { id: string }) => m.id)).toContain(`${seed.items.video.id}/manifest.json`);
    for (const entry of entries) {
      const bytes = Buffer.from(await (await storedEntry(file, entry)).arrayBuffer());
      expect(Bun.hash.crc32(bytes)).toBe(entry.crc32);
      expect({ name: entry.name, found: seed.secrets.filter((text) => bytes.includes(text)) }).toEqual({ name: entry.name, found: [] });
    }
    const rows = await auditRows();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)!.actor_name).toBe("admin");
    expect(JSON.parse(rows.at(-1)!.detail as string)).toMatchObject({ folder: null, download: true, base_url: null, items: 5 });
    // The folder it was written into is gone once the download ended.
    expect((await readdir(server.ctx.store.tempDir)).filter((name) => name.startsWith("edition-"))).toEqual([]);
  });
});
