/**
 * Runs the tour: one seeded server (and its archive-mode twin over the same data), then every state of states.ts at
 * each viewport in a fresh page of a context already logged in as the state's role. `visit` does the work per state
 * (a screenshot, an axe scan). A state that cannot be reached is logged and skipped; the tour never stops early.
 */
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { PSEUDO_LANGUAGE, SHIPPED_LANGUAGES } from "../../../src/i18n/languages";
import { startMailCatcher } from "../../support/mail-catcher";
import { startTestServer, type TestServer } from "../../support/server";
import { openPage } from "../browser";
import { seedTour, type SeedOptions, type TourCast } from "./seed";
import { TOUR_STATES, type TourRole, type TourState } from "./states";

export type TourServers = { main: TestServer; archive: TestServer; cast: TourCast; stop(): Promise<void> };
export type Viewport = { width: number; height: number };
export type TourOutcome = { reached: string[]; skipped: { name: string; reason: string }[]; problems: string[] };

/** `pseudoLocale`: the pseudo-locale is offered beside the shipped languages (tour/pseudo.ts switches to it). */
export async function startTourServers(options: SeedOptions & { pseudoLocale?: boolean } = {}): Promise<TourServers> {
  const languages: Record<string, string> = options.pseudoLocale ? { LANGUAGES: `${SHIPPED_LANGUAGES.join(",")},${PSEUDO_LANGUAGE}` } : {};
  // 120 uploads by one participant in a minute: the hourly upload quota is off for the seed.
  // Mail is set up, so the reset screens offer to mail a code: a real SMTP server keeps each mail for the code state.
  const mail = await startMailCatcher();
  const main = await startTestServer({ QUOTA_UPLOADS_PER_HOUR: "0", SMTP_URL: mail.url, ...languages });
  try {
    const cast = { ...(await seedTour(main, options)), outboxDir: mail.dir };
    // The archive variant reads the same database and media: the show is over, the same evidence is the archive.
    const archive = await startTestServer({ ...languages, ARCHIVE_MODE: "on", DATABASE_URL: `file:${main.dataDir}/casefile.db`, UPLOADS_DIR: main.uploadsDir });
    return {
      main,
      archive,
      cast,
      async stop() {
        await archive.stop();
        await main.stop();
        await mail.stop();
      },
    };
  } catch (error) {
    await main.stop();
    await mail.stop();
    throw error;
  }
}

export const stateName = (state: TourState) => `${state.screen}-${state.state}`;

/** Logged in as the role; no service worker (its precache of the whole app per fresh context would triple the tour's time). */
function contextOptions(servers: TourServers, role: TourRole): BrowserContextOptions {
  const cookie = role === "visitor" || role === "archive-visitor" ? undefined : servers.cast.cookies[role];
  if (!cookie) return { serviceWorkers: "block" };
  const cookies = [{ name: "casefile_session", value: cookie, domain: new URL(servers.main.url).hostname, path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" as const }];
  return { serviceWorkers: "block", storageState: { cookies, origins: [] } };
}

/** Waits for web fonts and lets transitions (dialogs sliding in, menus opening) finish. */
async function settle(page: Page, ms: number) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(ms);
}

export async function runTour(options: {
  browser: Browser;
  servers: TourServers;
  viewports: Viewport[];
  visit(page: Page, name: string, viewport: Viewport): Promise<void>;
  states?: TourState[];
  /** Time for transitions to end before `visit` (400 ms: a screenshot must not catch a dialog half-faded). */
  settleMs?: number;
  log?(line: string): void;
}): Promise<TourOutcome> {
  const outcome: TourOutcome = { reached: [], skipped: [], problems: [] };
  const log = options.log ?? console.log;
  for (const viewport of options.viewports) {
    for (const state of options.states ?? TOUR_STATES) {
      const name = `${stateName(state)}-${viewport.width}`;
      const baseUrl = state.as === "archive-visitor" ? options.servers.archive.url : options.servers.main.url;
      const { context, page, problems } = await openPage(options.browser, baseUrl, viewport, contextOptions(options.servers, state.as));
      page.setDefaultTimeout(10_000);
      // A "leave this page?" question (e.g. from a running recorder) must not hang the tour.
      page.on("dialog", (question) => void question.accept());
      const began = performance.now();
      try {
        await state.reach(page, options.servers.cast);
        await settle(page, options.settleMs ?? 400);
        await options.visit(page, stateName(state), viewport);
        outcome.reached.push(name);
        if (process.env.TOUR_TIMING) log(`  ${name}: ${Math.round(performance.now() - began)} ms`);
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0]!;
        outcome.skipped.push({ name, reason });
        log(`  could not reach ${name}: ${reason}`);
      } finally {
        outcome.problems.push(...problems.map((problem) => `${name}: ${problem}`));
        await context.close();
      }
    }
  }
  return outcome;
}
