/** The branding settings: checked at start (one line naming the variable), the accent's derived colours, the intro. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIXTURES } from "../../tests/support/client";
import { ConfigError, loadConfig } from ".";
import { contrastRatio } from "./branding";

let dir: string;
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "casefile-branding-"));
  await writeFile(file("logo.svg"), '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>');
  await writeFile(file("big.png"), new Uint8Array(1024 * 1024 + 1).fill(0x89, 0, 1));
  await writeFile(file("notes.txt"), "just words, not an image");
  await writeFile(file("page.svg"), "<html><body>not an svg</body></html>");
  await writeFile(file("latin1.txt"), new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
  await writeFile(file("long.txt"), "é".repeat(10_001));
  await writeFile(file("intro.txt"), "\uFEFFFirst paragraph,\nwrapped by hand.\n\n  \nSecond one.\r\n\r\nThird.\n");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
}

describe("refused at start, naming the variable in one line", () => {
  const cases: [string, () => Record<string, string>, string, string][] = [
    ["a colour name", () => ({ ACCENT_COLOR: "red" }), "ACCENT_COLOR", "#rrggbb"],
    ["a short hex colour", () => ({ ACCENT_COLOR: "#b32" }), "ACCENT_COLOR", "#rrggbb"],
    ["a colour without #", () => ({ ACCENT_COLOR: "b3261e" }), "ACCENT_COLOR", "#rrggbb"],
    ["a missing logo", () => ({ LOGO_FILE: file("nope.png") }), "LOGO_FILE", "cannot be read"],
    ["a folder as logo", () => ({ LOGO_FILE: dir }), "LOGO_FILE", "folder"],
    ["a logo over 1 MB", () => ({ LOGO_FILE: file("big.png") }), "LOGO_FILE", "at most 1 MB"],
    ["a text file as logo", () => ({ LOGO_FILE: file("notes.txt") }), "LOGO_FILE", "PNG, JPEG, WebP or SVG"],
    ["HTML named .svg as logo", () => ({ LOGO_FILE: file("page.svg") }), "LOGO_FILE", "PNG, JPEG, WebP or SVG"],
    ["an SVG named .jpg (bytes and name disagree)", () => ({ LOGO_FILE: path.join(FIXTURES, "drawing.svg.jpg") }), "LOGO_FILE", "PNG, JPEG, WebP or SVG"],
    ["a video as landing image", () => ({ LANDING_IMAGE_FILE: path.join(FIXTURES, "clip.mp4") }), "LANDING_IMAGE_FILE", "PNG, JPEG, WebP or SVG"],
    ["a missing landing image", () => ({ LANDING_IMAGE_FILE: file("nope.webp") }), "LANDING_IMAGE_FILE", "cannot be read"],
    ["a missing introduction", () => ({ ARCHIVE_INTRO_FILE: file("nope.txt") }), "ARCHIVE_INTRO_FILE", "cannot be read"],
    ["an introduction not in UTF-8", () => ({ ARCHIVE_INTRO_FILE: file("latin1.txt") }), "ARCHIVE_INTRO_FILE", "UTF-8"],
    ["an introduction over 10,000 characters", () => ({ ARCHIVE_INTRO_FILE: file("long.txt") }), "ARCHIVE_INTRO_FILE", "at most 10000 characters"],
  ];
  for (const [what, env, name, why] of cases) {
    test(`${what}: ${name}`, () => {
      const message = refusal(env());
      expect(message).toStartWith(`Invalid configuration: ${name} `);
      expect(message).toContain(why);
      expect(message.split("\n")).toHaveLength(1);
    });
  }

  test("the server process stops with exit code 1 and that one line", async () => {
    const child = Bun.spawn([process.execPath, path.join(import.meta.dir, "../main.ts")], {
      env: { PATH: process.env.PATH ?? "", LOGO_FILE: file("notes.txt") },
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(await child.exited).toBe(1);
    const stderr = (await new Response(child.stderr).text()).trim();
    expect(stderr).toBe(`Invalid configuration: LOGO_FILE must be a PNG, JPEG, WebP or SVG image, got "${file("notes.txt")}"`);
  });
});

describe("accepted", () => {
  test("the defaults: evidence red, white text on it, a darker hover, no files (the show's words give the archive's introduction)", () => {
    const { branding } = loadConfig({ PROJECT_NAME: "Harbour Watch" });
    expect(branding).toMatchObject({ accentColor: "#b3261e", onAccent: "#ffffff", accentStrong: "#98201a", logo: undefined, landingImage: undefined });
    expect(branding.archiveIntro).toEqual([]);
  });

  test.each([
    ["#FFD60A", "#111111"],
    ["#0b3d91", "#ffffff"],
    ["#7fdbff", "#111111"],
    ["#000000", "#ffffff"],
    ["#ffffff", "#111111"],
  ])("accent %s gets %s text, the higher contrast of the two", (accent, text) => {
    const { branding } = loadConfig({ ACCENT_COLOR: accent });
    expect(branding.accentColor).toBe(accent.toLowerCase());
    expect(branding.onAccent).toBe(text);
    const other = text === "#ffffff" ? "#111111" : "#ffffff";
    expect(contrastRatio(accent, text)).toBeGreaterThan(contrastRatio(accent, other));
  });

  test("the strong shade is the accent 15 % darker", () => {
    expect(loadConfig({ ACCENT_COLOR: "#ffffff" }).branding.accentStrong).toBe("#d9d9d9");
    expect(loadConfig({ ACCENT_COLOR: "#0b3d91" }).branding.accentStrong).toBe("#09347b");
  });

  test("images by their bytes (PNG, JPEG, WebP) or as SVG text", () => {
    for (const [name, type] of [["photo.png", "image/png"], ["photo.jpg", "image/jpeg"], ["photo.webp", "image/webp"]] as const) {
      expect(loadConfig({ LOGO_FILE: path.join(FIXTURES, name) }).branding.logo?.contentType).toBe(type);
    }
    expect(loadConfig({ LANDING_IMAGE_FILE: file("logo.svg") }).branding.landingImage?.contentType).toBe("image/svg+xml");
  });

  test("the introduction's paragraphs are split at blank lines, wrapped lines joined", () => {
    expect(loadConfig({ ARCHIVE_INTRO_FILE: file("intro.txt") }).branding.archiveIntro).toEqual(["First paragraph, wrapped by hand.", "Second one.", "Third."]);
  });
});
