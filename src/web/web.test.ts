import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { adminActor, fixture, form, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { ARCHIVE_FIRST_PAGE } from "../evidence/archive-page";
import { acceptedEncodings } from "../http/compression";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

test("client routes get the app's HTML, without caching", async () => {
  for (const route of ["/", "/home", "/Evidence", "/reset-password-code", "/no/such/page"]) {
    const response = await fetch(server.url + route);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
  }
});

test("an archive item's link (/archive/<id>) gets the app; /theme.css and /brand/* are never the app's HTML", async () => {
  const item = await fetch(`${server.url}/archive/42`);
  expect(item.status).toBe(200);
  expect(item.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(await item.text()).toContain('<div id="root">');
  expect((await fetch(`${server.url}/theme.css`)).headers.get("content-type")).toBe("text/css; charset=utf-8");
  expect((await fetch(`${server.url}/brand/logo`)).headers.get("content-type")).toBe("image/svg+xml");
  expect((await fetch(`${server.url}/brand/elsewhere`)).status).toBe(404);
});

test("the archive's HTML has the browser preload its first page and first thumbnails (what the app asks for); other pages do not", async () => {
  // The archive screen's modules, as the build found them (its chunk and what that chunk imports beyond main's).
  const modules = JSON.parse(await Bun.file(path.join(import.meta.dir, "../../dist/web/preloads.json")).text()).archive as string[];
  expect(modules.length).toBeGreaterThan(0);
  for (const url of modules) expect((await fetch(server.url + url)).headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  const html = await (await fetch(`${server.url}/archive`)).text();
  for (const url of modules) expect(html).not.toContain(url); // not in main's first load
  const pagePreload = [...modules.map((url) => `<${url}>; rel=modulepreload`), `<${ARCHIVE_FIRST_PAGE}>; rel=preload; as=fetch; crossorigin=use-credentials`].join(", ");
  expect((await fetch(`${server.url}/archive`)).headers.get("link")).toBe(pagePreload); // nothing public yet
  const { actor } = await newParticipant(server.url);
  for (const title of ["Bridge at night", "Second bridge", "Third bridge"]) {
    const sent = await actor.post("/api/evidence", form({ title, notes: "n", location: "l" }, { file: await fixture("photo.jpg", "image/jpeg"), thumbnail: await fixture("photo.webp", "image/webp") }));
    expect(sent.status).toBe(201);
  }
  await actor.post("/api/evidence", form({ title: "A private one", notes: "n", location: "l" }, { file: await fixture("photo.jpg", "image/jpeg"), thumbnail: await fixture("photo.webp", "image/webp") }));
  const admin = await adminActor(server.url);
  const listed = (await (await admin.get("/api/evidence/admin")).json()) as { id: number; title: string }[];
  for (const item of listed.filter((i) => i.title !== "A private one")) expect((await admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(200);

  const page = (await (await fetch(server.url + ARCHIVE_FIRST_PAGE)).json()) as { title: string; thumbnail_url: string }[];
  expect(page.map((i) => i.title)).toEqual(["Third bridge", "Second bridge", "Bridge at night"]);
  const expected = [pagePreload, ...page.slice(0, 2).map((i) => `<${i.thumbnail_url}>; rel=preload; as=image; fetchpriority=high`)].join(", ");
  for (const route of ["/archive", "/archive/42", "/Archive"]) expect((await fetch(server.url + route)).headers.get("link")).toBe(expected);
  for (const route of ["/home", "/archives", "/archive/1/2", "/evidence"]) expect((await fetch(server.url + route)).headers.get("link")).toBeNull();
  // The preloaded thumbnails are the public ones a visitor may load.
  for (const item of page.slice(0, 2)) expect((await fetch(server.url + item.thumbnail_url)).status).toBe(200);
});

test("fonts are served from assets/ under content-hashed names, cached for a year; the old /fonts/ names are gone", async () => {
  const html = await (await fetch(`${server.url}/home`)).text();
  const preloaded = html.match(/<link rel="preload" href="(\/assets\/plex-latin-[0-9a-f]{10}\.woff2)" as="font"/)?.[1];
  expect(preloaded).toBeDefined();
  const css = await (await fetch(server.url + html.match(/href="(\/assets\/styles-[^"]+\.css)"/)![1]!)).text();
  const fonts = [...css.matchAll(/url\(([^)]+\.woff2)\)/g)].map((m) => m[1]!);
  expect(fonts).toContain(preloaded!);
  expect(fonts.every((url) => /^\/assets\/[\w-]+-[0-9a-f]{10}\.woff2$/.test(url))).toBe(true);
  for (const url of fonts) {
    const font = await fetch(server.url + url);
    expect(font.status).toBe(200);
    expect(font.headers.get("content-type")).toBe("font/woff2");
    expect(font.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  }
  expect((await fetch(`${server.url}/fonts/plex-latin.woff2`)).headers.get("content-type")).toBe("text/html; charset=utf-8");
});

test("the app's page loads /theme.css right after its own stylesheet", async () => {
  const html = await (await fetch(`${server.url}/home`)).text();
  expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css" \/>\s*<link rel="stylesheet" href="\/theme.css" \/>/);
});

test("the onboarding video answers Range requests with 206 (iOS Safari plays video only then)", async () => {
  const original = new Uint8Array(await Bun.file(path.join(import.meta.dir, "../../dist/web/onboarding.mp4")).arrayBuffer());
  const response = await fetch(`${server.url}/onboarding.mp4`, { headers: { range: "bytes=0-1" } });
  expect(response.status).toBe(206);
  expect(response.headers.get("content-range")).toBe(`bytes 0-1/${original.length}`);
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(original.subarray(0, 2));
  const whole = await fetch(`${server.url}/onboarding.mp4`);
  expect(whole.headers.get("content-type")).toBe("video/mp4");
  expect(whole.headers.get("accept-ranges")).toBe("bytes");
});

test("hashed bundles are cached for a year; the folder cannot be escaped", async () => {
  const html = await (await fetch(`${server.url}/home`)).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  const response = await fetch(server.url + script);
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const escape = await fetch(`${server.url}/..%2F..%2Fpackage.json`);
  expect(escape.headers.get("content-type")).toBe("text/html; charset=utf-8");
});

test("the service worker is served from the root, revalidated at every visit, and precaches all of the bundle but the videos and the studio's face detector", async () => {
  const response = await fetch(`${server.url}/sw.js`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("no-cache");
  const worker = await response.text();
  const webDir = path.join(import.meta.dir, "../../dist/web");
  const files = (await readdir(webDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(webDir, path.join(entry.parentPath, entry.name)));
  expect(files.filter((file) => file.startsWith("assets/chunk-")).length).toBeGreaterThan(10);
  // The face detector (its models and its ~1.3 MB chunk, which names them) is an admin's, online: never precached.
  const detector = async (file: string) => file.startsWith("models/") || (file.endsWith(".js") && (await Bun.file(path.join(webDir, file)).text()).includes("ssd_mobilenetv1"));
  expect(files.filter((file) => file.startsWith("models/face/")).length).toBeGreaterThan(0);
  for (const file of files) {
    const precached = worker.includes(`"/${file}"`);
    expect([file, precached]).toEqual([file, !/\.(mp4|webm)$/.test(file) && file !== "sw.js" && !(await detector(file))]);
  }
});

test("Accept-Encoding is read with its q-values", () => {
  expect([...acceptedEncodings("gzip, deflate, br, zstd")].sort()).toEqual(["br", "gzip"]);
  expect([...acceptedEncodings("gzip;q=0.5, br;q=0")]).toEqual(["gzip"]);
  expect([...acceptedEncodings("*;q=0.1, gzip;q=0")]).toEqual(["br"]);
  expect([...acceptedEncodings("identity")]).toEqual([]);
  expect([...acceptedEncodings(null)]).toEqual([]);
});

describe("compression of the bundle's text files", () => {
  const raw = (url: string, headers: Record<string, string>) => fetch(url, { headers, decompress: false } as RequestInit);
  let script: string;
  let original: Uint8Array<ArrayBuffer>;
  beforeAll(async () => {
    const html = await (await fetch(`${server.url}/home`)).text();
    script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    original = new Uint8Array(await Bun.file(path.join(import.meta.dir, "../../dist/web", script)).arrayBuffer());
  });

  test("gzip when accepted: smaller, the same bytes once inflated, Vary: Accept-Encoding, still cached for a year", async () => {
    const response = await raw(server.url + script, { "accept-encoding": "gzip" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(body.length);
    expect(body.length).toBeLessThan(original.length / 2);
    expect(Bun.gunzipSync(body)).toEqual(original);
  });

  test("brotli once its background copy is ready (gzip until then)", async () => {
    let response: Response | undefined;
    for (let i = 0; i < 100; i++) {
      response = await raw(server.url + script, { "accept-encoding": "gzip, deflate, br" });
      if (response.headers.get("content-encoding") === "br") break;
      expect(response.headers.get("content-encoding")).toBe("gzip");
      await response.arrayBuffer();
      await Bun.sleep(50);
    }
    expect(response!.headers.get("content-encoding")).toBe("br");
    expect(new Uint8Array(brotliDecompressSync(new Uint8Array(await response!.arrayBuffer())))).toEqual(original);
  });

  test("identity when not accepted, and for Range requests", async () => {
    for (const headers of [{} as Record<string, string>, { "accept-encoding": "identity" }, { "accept-encoding": "gzip;q=0, br;q=0" }]) {
      const response = await raw(server.url + script, headers);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(original);
    }
    const ranged = await raw(server.url + script, { "accept-encoding": "gzip, br", range: "bytes=0-9" });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-encoding")).toBeNull();
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(original.subarray(0, 10));
  });

  test("the app's HTML for client routes is compressed too; video never is", async () => {
    const html = await raw(`${server.url}/archive`, { "accept-encoding": "gzip" });
    expect(html.headers.get("content-encoding")).toBe("gzip");
    expect(html.headers.get("cache-control")).toBe("no-cache");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await html.arrayBuffer())))).toContain('<div id="root">');
    const video = await raw(`${server.url}/onboarding.mp4`, { "accept-encoding": "gzip, br" });
    expect(video.headers.get("content-encoding")).toBeNull();
    expect(video.headers.get("accept-ranges")).toBe("bytes");
    await video.arrayBuffer();
    const ranged = await raw(`${server.url}/onboarding.mp4`, { "accept-encoding": "gzip, br", range: "bytes=0-1" });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-encoding")).toBeNull();
    await ranged.arrayBuffer();
  });
});
