/**
 * The screen tour: every screen and state of the web app photographed as users see it, at 390×844 and 1280×800,
 * over realistic seeded content (tests/browser/tour/). Builds dist/web first.
 * Run: node_modules/.bin/bun scripts/screen-tour.ts <outDir>   (env TOUR_ONLY=<substring> to shoot a few states;
 * TOUR_LANGUAGE=<code> to shoot each state in another shipped language, or en-XA for the pseudo-locale, switched in place)
 * Files: <screen>-<state>-<390|1280>.png. A state that cannot be reached is listed at the end, not fatal.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { LAPTOP, launchBrowser, PHONE } from "../tests/browser/browser";
import { showLanguage } from "../tests/browser/tour/pseudo";
import { runTour, startTourServers, stateName } from "../tests/browser/tour/run";
import { PSEUDO_LANGUAGE } from "../src/i18n/languages";
import { TOUR_STATES } from "../tests/browser/tour/states";

// A full-page shot of 120 cards on a phone is ~45,000 px tall; the first screens say what the list looks like.
const MAX_SHOT_HEIGHT = 5000;

async function photograph(page: Page, file: string) {
  const dialogOpen = (await page.getByRole("dialog").count()) > 0;
  if (dialogOpen) return void (await page.screenshot({ path: file }));
  // Lazy images below the fold load as a user scrolls to them; a full-page shot does not scroll.
  await page.evaluate(() => document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => (img.loading = "eager")));
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 5000 }).catch(() => {});
  await page.evaluate(() => window.scrollTo(0, 0));
  const { width, height } = await page.evaluate(() => ({ width: document.documentElement.clientWidth, height: document.documentElement.scrollHeight }));
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(height, MAX_SHOT_HEIGHT) } });
}

/** One line per file: what it shows, in the tour's order (phone first); then what could not be reached. */
function readme(reached: string[], skipped: { name: string; reason: string }[]): string {
  const describe = (file: string) => {
    const [, name, width] = /^(.*)-(390|1280)$/.exec(file)!;
    const state = TOUR_STATES.find((s) => stateName(s) === name)!;
    return `- \`${file}.png\` — ${state.screen}: ${state.state} (as ${state.as}), ${width === "390" ? "phone 390×844" : "laptop 1280×800"}`;
  };
  return [
    "# Screen tour",
    "",
    `Made by \`node_modules/.bin/bun scripts/screen-tour.ts <this folder>\` (tests/browser/tour/): ${reached.length} screenshots over one`,
    "seeded server (a participant with a 32-character username and 120 items of all four kinds, a second participant",
    "with none, a newcomer before the onboarding video, the admin; a quarter of the items public). Full-page shots are",
    `cut at ${MAX_SHOT_HEIGHT} px; with a dialog open, the viewport.`,
    "",
    ...reached.map(describe),
    ...(skipped.length ? ["", "Not reached:", ...skipped.map((s) => `- ${s.name}: ${s.reason}`)] : []),
    "",
  ].join("\n");
}

const outDir = process.argv[2];
if (!outDir) {
  console.error("usage: node_modules/.bin/bun scripts/screen-tour.ts <outDir>");
  process.exit(2);
}
const started = performance.now();
const build = Bun.spawnSync([process.execPath, "run", "build:web"], { cwd: path.join(import.meta.dir, ".."), stdout: "inherit", stderr: "inherit" });
if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);
await mkdir(outDir, { recursive: true });

const only = process.env.TOUR_ONLY;
const states = only ? TOUR_STATES.filter((state) => stateName(state).includes(only)) : TOUR_STATES;
const language = process.env.TOUR_LANGUAGE;
const servers = await startTourServers({ pseudoLocale: language === PSEUDO_LANGUAGE });
console.log(`seeded ${servers.cast.items.length} items in ${((performance.now() - started) / 1000).toFixed(1)} s (build included)`);
const browser = await launchBrowser();
try {
  const outcome = await runTour({
    browser,
    servers,
    states,
    viewports: [PHONE, LAPTOP],
    visit: async (page, name, viewport) => {
      if (language) await showLanguage(page, language);
      await photograph(page, path.join(outDir, `${name}-${viewport.width}.png`));
      console.log(`  ${name}-${viewport.width}.png`);
    },
  });
  await writeFile(path.join(outDir, "README.md"), readme(outcome.reached, outcome.skipped));
  console.log(`\n${outcome.reached.length} screenshots in ${outDir}, ${((performance.now() - started) / 1000).toFixed(0)} s in all`);
  if (outcome.skipped.length) console.log(`not reached (${outcome.skipped.length}):\n${outcome.skipped.map((s) => `  ${s.name}: ${s.reason}`).join("\n")}`);
  if (outcome.problems.length) console.log(`page problems:\n${outcome.problems.map((p) => `  ${p}`).join("\n")}`);
} finally {
  await browser.close();
  await servers.stop();
}
