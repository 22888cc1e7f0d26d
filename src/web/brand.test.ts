/** The operator's branding over HTTP: /api/config, /theme.css, /brand/logo and /brand/landing, with and without files. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIXTURES } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

let dir: string;
/** A web bundle of our own, so the built-in images are known bytes whatever the real bundle holds. */
let webDir: string;
const BUILT_IN_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><circle r="2" cx="2" cy="2"/></svg>';
const BUILT_IN_LANDING = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 4"><rect width="8" height="4"/></svg>';
const OPERATOR_LOGO = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="4" height="4"/></svg>';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "casefile-brand-"));
  webDir = path.join(dir, "web");
  await mkdir(webDir);
  await writeFile(path.join(webDir, "index.html"), "<!doctype html><title>app</title>");
  await writeFile(path.join(webDir, "logo.svg"), BUILT_IN_LOGO);
  await writeFile(path.join(webDir, "landing.svg"), BUILT_IN_LANDING);
  await writeFile(path.join(dir, "logo.svg"), OPERATOR_LOGO);
  await writeFile(path.join(dir, "intro.txt"), "The harbour, watched for a week.\n\nEvery item was chosen by the investigator.\n");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("without branding settings", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIR: webDir });
  });
  afterAll(() => server.stop());

  test("/api/config carries the default accent, the brand addresses and a two-paragraph introduction, beside the old fields", async () => {
    const config = await (await fetch(`${server.url}/api/config`)).json();
    expect(config).toMatchObject({
      projectName: "Casefile Test",
      archiveMode: false,
      publicUrl: null,
      accentColor: "#b3261e",
      onAccent: "#ffffff",
      accentStrong: "#98201a",
      logoUrl: "/brand/logo",
      landingImageUrl: "/brand/landing",
    });
    expect(config.spyUrl).toBeString();
    expect(config.maxUploadBytes).toBeNumber();
    expect(config.archiveIntro).toHaveLength(2);
    expect(config.archiveIntro[0]).toContain("Casefile Test");
  });

  test("/theme.css sets the accent tokens; it is CSS, revalidated, and a matching ETag gets 304", async () => {
    const response = await fetch(`${server.url}/theme.css`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toBe(":root{--accent:#b3261e;--accent-strong:#98201a;--on-accent:#ffffff}\n");
    const again = await fetch(`${server.url}/theme.css`, { headers: { "if-none-match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  test("/brand/logo and /brand/landing serve the app's built-in images", async () => {
    for (const [address, bytes] of [["/brand/logo", BUILT_IN_LOGO], ["/brand/landing", BUILT_IN_LANDING]]) {
      const response = await fetch(server.url + address);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml");
      expect(await response.text()).toBe(bytes!);
    }
  });

  test("another /brand/ address is a 404, never the app's HTML", async () => {
    const response = await fetch(`${server.url}/brand/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: "Not found." });
  });
});

describe("with ACCENT_COLOR, LOGO_FILE, LANDING_IMAGE_FILE and ARCHIVE_INTRO_FILE", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      WEB_DIR: webDir,
      ACCENT_COLOR: "#FFD60A",
      LOGO_FILE: path.join(dir, "logo.svg"),
      LANDING_IMAGE_FILE: path.join(FIXTURES, "photo.png"),
      ARCHIVE_INTRO_FILE: path.join(dir, "intro.txt"),
    });
  });
  afterAll(() => server.stop());

  test("/api/config and /theme.css carry the operator's accent, with dark text on a light accent", async () => {
    const config = await (await fetch(`${server.url}/api/config`)).json();
    expect(config).toMatchObject({ accentColor: "#ffd60a", onAccent: "#111111", accentStrong: "#d9b609" });
    expect(config.archiveIntro).toEqual(["The harbour, watched for a week.", "Every item was chosen by the investigator."]);
    expect(await (await fetch(`${server.url}/theme.css`)).text()).toBe(":root{--accent:#ffd60a;--accent-strong:#d9b609;--on-accent:#111111}\n");
  });

  test("an SVG logo is served sandboxed: no script runs and nothing loads when it is opened on its own", async () => {
    const response = await fetch(`${server.url}/brand/logo`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'; style-src 'unsafe-inline'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe(OPERATOR_LOGO);
    const again = await fetch(`${server.url}/brand/logo`, { headers: { "if-none-match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  test("a PNG landing image is served as it is", async () => {
    const response = await fetch(`${server.url}/brand/landing`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(await readFile(path.join(FIXTURES, "photo.png"))));
  });
});
