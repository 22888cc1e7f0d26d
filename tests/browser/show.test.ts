/**
 * The show's content is data (issue 16), in the browser: a fresh install shows the spec's (and today's) texts;
 * Markdown cannot inject markup; an admin edits the instructions and the FAQ with the phone preview, then replaces the
 * briefing video, while a participant in the middle of the old one is not interrupted; a participant who registers
 * afterwards reads the new texts and plays the new video. Screenshots of the Show screen at 390 and 1280.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import french from "../../locales/fr.json";
import { adminActor, type Actor, newParticipant } from "../support/client";
import { paddedMp4 } from "../support/padded-video";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { openAdminPage } from "./adminViews";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, openPage, PHONE } from "./browser";
import { openWithShell, signInWatched } from "./signIn";

setDefaultTimeout(120_000);

const SHOTS = path.join(import.meta.dir, "../../docs/screenshots/issue-16");
const PUBLIC = path.join(import.meta.dir, "../../web/public");

/** The spec's texts and today's built-in ones: what a fresh install shows. */
const DEFAULTS = {
  ticket: "(Do NOT register for an account unless you have a ticket)",
  spy: "CLICK HERE TO SPY ON Casefile Test",
  landing: "Informants register with their ticket, watch a short briefing, then send what they find from their phones.",
  instructions: [
    "You will receive a confirmation e-mail with the date and time of your appointment, and text reminders on the phone number you registered with the day before and one hour before it starts.",
    "At the time of your appointment, meet at the downtown street corner of Main Street and 5th Avenue and wait there for a phone call on your registered number. Your instructions will come through that call.",
    "Bring a fully charged phone and a pair of wired headphones. Wireless earbuds tend to drop the call at the worst moment.",
  ],
  faq: ["When is my appointment?", "Where do I meet?", "What if the weather is bad?", "What if my call drops?", "Will I be paid?", "How do I upload evidence?"],
};

let server: TestServer;
let browser: Browser;
let admin: Actor;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  admin = await adminActor(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The screen as it is seen, scrolled to `at` (a full-page picture would draw the sticky save bar mid-page). */
async function picture(page: Page, name: string, at?: ReturnType<Page["getByRole"]>) {
  // Below the sticky bar.
  if (at) await at.evaluate((node) => (node.scrollIntoView({ block: "start" }), window.scrollBy(0, -72)));
  else await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`) });
}

const show = async () => (await (await admin.get("/api/show")).json()) as { instructions: string[]; faq: { question: string }[]; onboarding_video_url: string };
const steps = (page: Page) => page.getByRole("region", { name: "Your appointment" }).getByRole("listitem");
const questions = (page: Page) => page.getByRole("region", { name: "Frequently asked questions" }).locator("summary");

/** The briefing as the participant's page plays it: its address and how far it is. */
const playing = (page: Page) => page.locator("video").evaluate((video: HTMLVideoElement) => ({ src: new URL(video.currentSrc).pathname, at: video.currentTime }));

async function uploadBriefing(file: string) {
  const body = new FormData();
  body.append("file", new File([await Bun.file(path.join(PUBLIC, file)).arrayBuffer()], file, { type: "video/mp4" }));
  const response = await admin.request("PUT", "/api/show/media/onboarding-video", body);
  expect(response.status).toBe(200);
  return ((await response.json()) as { onboarding_video_url: string }).onboarding_video_url;
}

test("a fresh install shows exactly the spec's texts", async () => {
  const { page, context, problems } = await openWithShell(browser, server.url, PHONE);
  await page.goto("/home");
  await page.getByText(DEFAULTS.ticket, { exact: true }).waitFor();
  await page.getByRole("link", { name: `${DEFAULTS.spy} (opens in a new tab)` }).waitFor();
  await page.getByText(DEFAULTS.landing, { exact: true }).waitFor();
  expect(await page.getByText("A participatory investigation", { exact: true }).isVisible()).toBe(true);
  await page.goto("/help");
  await questions(page).first().waitFor();
  expect(await questions(page).allTextContents()).toEqual(DEFAULTS.faq);
  const { fields } = await newParticipant(server.url);
  await signInWatched(page, fields.username, fields.password);
  await page.goto("/home");
  await steps(page).first().waitFor();
  expect(await steps(page).locator("p").allTextContents()).toEqual(DEFAULTS.instructions);
  expect(problems).toEqual([]);
  await context.close();
});

test("Markdown formats, but cannot inject markup or script links", async () => {
  const hostile = '**Bold** <img src=x onerror="window.__xss=1"> [run](javascript:window.__xss=2) [map](https://example.org/map)';
  expect((await admin.put("/api/show", { landing_text: hostile })).status).toBe(200);
  const { page, context, problems } = await openWithShell(browser, server.url, PHONE);
  await page.goto("/home");
  const intro = page.locator("#content").getByText("Bold", { exact: true });
  await intro.waitFor();
  expect(await intro.evaluate((node) => node.tagName)).toBe("STRONG");
  const paragraph = page.locator("#content p").filter({ hasText: "onerror" });
  expect(await paragraph.textContent()).toContain('<img src=x onerror="window.__xss=1">');
  expect(await paragraph.locator("img").count()).toBe(0);
  expect(await paragraph.getByRole("link").evaluateAll((links) => links.map((link) => [link.getAttribute("href"), link.getAttribute("rel")]))).toEqual([
    ["https://example.org/map", "noopener noreferrer"],
  ]);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(problems).toEqual([]);
  await context.close();
  expect((await admin.put("/api/show", { landing_text: null })).status).toBe(200);
});

test("phone: an admin changes the instructions and the FAQ, seen in the preview before saving", async () => {
  const { page, context, problems } = await openWithShell(browser, server.url, PHONE);
  await signInWatched(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin");
  await openAdminPage(page, "Show");
  await page.getByRole("heading", { level: 1, name: "The show" }).waitFor();
  // Set by the environment (PROJECT_NAME): shown, not editable.
  const name = page.getByLabel("Project name", { exact: true });
  expect(await name.inputValue()).toBe("Casefile Test");
  expect(await name.getAttribute("readonly")).not.toBeNull();
  await page.getByText("Set by the server's configuration (PROJECT_NAME)", { exact: false }).first().waitFor();

  await page.getByLabel("Step 2", { exact: true }).fill("Meet at **the old pier** and wait for the call. [The map](https://example.org/map)");
  const faq = page.getByRole("region", { name: "Frequently asked questions" });
  await faq.getByRole("button", { name: "Remove question 3" }).click(); // the weather
  await faq.getByRole("button", { name: "Add a question" }).click();
  await page.getByLabel("Question 6", { exact: true }).fill("Can I bring a friend?");
  await page.getByLabel("Answer 6", { exact: true }).fill("Only with *their own* ticket.");
  await faq.getByRole("button", { name: "Move question 6 up" }).click();

  // The preview shows the draft as a phone would, before anything is saved.
  const preview = page.getByRole("region", { name: "Preview" });
  await preview.getByRole("button", { name: "Home" }).click();
  const frame = page.frameLocator('iframe[title^="Preview"]');
  await frame.getByText("the old pier", { exact: true }).waitFor();
  expect(await frame.getByText("the old pier", { exact: true }).evaluate((node) => node.tagName)).toBe("STRONG");
  await preview.getByRole("button", { name: "Help" }).click();
  await frame.locator("summary").first().waitFor();
  const edited = ["When is my appointment?", "Where do I meet?", "What if my call drops?", "Will I be paid?", "Can I bring a friend?", "How do I upload evidence?"];
  expect(await frame.locator("summary").allTextContents()).toEqual(edited);
  expect((await show()).instructions[1]).toBe(DEFAULTS.instructions[1]);
  await page.getByText("2 unsaved changes").waitFor();
  await picture(page, "show");
  await picture(page, "show-faq", faq);
  await picture(page, "show-preview", preview);
  await expectNoSeriousA11yViolations(page, "Show screen (390px)");

  // Unsaved changes are not lost by a stray tap.
  await page.getByRole("link", { name: "Back to the console" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await leave.getByRole("button", { name: "Cancel" }).click();
  await leave.waitFor({ state: "hidden" });
  expect(new URL(page.url()).pathname).toBe("/admin/show");

  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByRole("alert").filter({ hasText: "Saved." }).waitFor();
  const saved = await show();
  expect(saved.instructions[1]).toStartWith("Meet at **the old pier**");
  expect(saved.faq.map((entry) => entry.question)).toEqual(edited);
  await page.getByText("No unsaved changes").waitFor();
  // A change saved elsewhere (another admin, another instance) reaches this open screen through the admins' stream.
  expect((await admin.put("/api/show", { reset_mail_note: "Not you? Ignore this mail." })).status).toBe(200);
  await page.waitForFunction(() => [...document.querySelectorAll("textarea")].some((area) => area.value === "Not you? Ignore this mail."));

  // A bad value is refused with the server's words, and nothing is saved.
  await page.getByLabel("Spy link's address", { exact: true }).fill("ftp://example.org");
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByRole("alert").filter({ hasText: "Not saved: spy_url" }).waitFor();
  await page.getByRole("button", { name: "Discard", exact: true }).click();
  expect(problems).toEqual([]);
  await context.close();
});

test("laptop: a new briefing video; a participant in the middle of the old one finishes it; everyone watches again on request", async () => {
  const first = await uploadBriefing("onboarding.mp4");
  // A participant starts the briefing, and is in the middle of it when the admin replaces it.
  const watcher = await newParticipant(server.url);
  const { page: phone, context: phoneContext, problems: phoneProblems } = await openWithShell(browser, server.url, PHONE);
  await phone.request.post("/api/user/login", { data: { usernameOrEmail: watcher.fields.username, password: watcher.fields.password } });
  await phone.goto("/user");
  const welcome = phone.getByRole("dialog", { name: "Welcome to Casefile Test" });
  await welcome.getByRole("button", { name: "Play video" }).click();
  await phone.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement).currentTime > 0.5);
  await phone.locator("video").evaluate((video: HTMLVideoElement) => video.pause());
  expect((await playing(phone)).src).toBe(first);

  const { page, context, problems } = await openWithShell(browser, server.url, LAPTOP);
  await signInWatched(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/show");
  const slot = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Briefing video", exact: true }) });
  await slot.locator('input[type="file"]').setInputFiles(path.join(PUBLIC, "tutorial.mp4"));
  // Chosen, not yet uploaded: the preview plays it from this computer.
  const preview = page.getByRole("region", { name: "Preview" });
  await preview.getByRole("button", { name: "Help" }).click();
  const frame = page.frameLocator('iframe[title^="Preview"]');
  await frame.getByRole("region", { name: /onboarding video/ }).locator("source").first().waitFor({ state: "attached" });
  expect(await frame.getByRole("region", { name: /onboarding video/ }).locator("source").first().getAttribute("src")).toStartWith("blob:");
  expect((await show()).onboarding_video_url).toBe(first);
  await picture(page, "show");
  await picture(page, "show-media", page.getByRole("region", { name: "Videos, captions and images" }));
  await expectNoSeriousA11yViolations(page, "Show screen (1280px)");
  await slot.getByRole("button", { name: "Upload briefing video" }).click();
  await slot.getByRole("alert").filter({ hasText: "The new briefing video is in use." }).waitFor();
  const second = (await show()).onboarding_video_url;
  expect(second).not.toBe(first);

  // The participant carries on with the one they started, and a rewatch plays it again (its address still serves).
  await phone.locator("video").evaluate((video: HTMLVideoElement) => video.play());
  const acknowledgement = phone.getByRole("dialog", { name: "Video Instruction Acknowledgement" });
  await acknowledgement.waitFor({ timeout: 15_000 });
  await acknowledgement.getByRole("button", { name: "Rewatch Video" }).click();
  await welcome.getByRole("button", { name: "Play video" }).click();
  await phone.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement).currentTime > 0.5);
  expect((await playing(phone)).src).toBe(first);
  await acknowledgement.waitFor({ timeout: 15_000 });
  await acknowledgement.getByRole("button", { name: "I understand" }).click();
  await phone.waitForURL("**/home-validate");
  expect(phoneProblems).toEqual([]);
  await phoneContext.close();

  // A new briefing made nobody watch again; the admin asks for it, told how many it concerns.
  const { participants } = (await (await admin.get("/api/show/briefing-reset")).json()) as { participants: number };
  expect(participants).toBeGreaterThanOrEqual(1);
  await page.getByRole("button", { name: "Ask everyone to watch the briefing again" }).click();
  const confirm = page.getByRole("dialog", { name: "Everyone watches the briefing again" });
  const who = participants === 1 ? "1 participant" : `${participants} participants`;
  await confirm.getByText(`${who} will have to watch the briefing again`, { exact: false }).waitFor();
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await page.getByRole("alert").filter({ hasText: `${who} will watch the briefing again` }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test("a participant registering afterwards reads the new texts and plays the new briefing", async () => {
  const current = await show();
  const { fields } = await newParticipant(server.url);
  const { page, context, problems } = await openWithShell(browser, server.url, PHONE);
  await page.request.post("/api/user/login", { data: { usernameOrEmail: fields.username, password: fields.password } });
  await page.goto("/user");
  const welcome = page.getByRole("dialog", { name: "Welcome to Casefile Test" });
  await welcome.getByRole("button", { name: "Play video" }).click();
  await page.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement).currentTime > 0.3);
  expect((await playing(page)).src).toBe(current.onboarding_video_url);
  const acknowledgement = page.getByRole("dialog", { name: "Video Instruction Acknowledgement" });
  await acknowledgement.waitFor({ timeout: 15_000 });
  await acknowledgement.getByRole("button", { name: "I understand" }).click();
  await page.waitForURL("**/home-validate");
  await steps(page).first().waitFor();
  expect(await steps(page).nth(1).getByText("the old pier", { exact: true }).evaluate((node) => node.tagName)).toBe("STRONG");
  expect(await steps(page).nth(1).getByRole("link", { name: /The map/ }).getAttribute("href")).toBe("https://example.org/map");
  await page.goto("/help");
  await questions(page).first().waitFor();
  expect(await questions(page).allTextContents()).toContain("Can I bring a friend?");
  expect(problems).toEqual([]);
  await context.close();
});

test("a large video goes through the resumable path, with its progress shown; the FAQ goes back to the built-in one", async () => {
  const video = await paddedMp4(17 * 1024 * 1024, "tutorial-long.mp4");
  try {
    const { page, context, problems } = await openWithShell(browser, server.url, LAPTOP);
    await signInWatched(page, ADMIN.username, ADMIN.password);
    const resumable: string[] = [];
    page.on("request", (request) => new URL(request.url()).pathname.startsWith("/api/uploads") && resumable.push(request.method()));
    await page.goto("/admin/show");
    const slot = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Help tutorial video", exact: true }) });
    await slot.locator('input[type="file"]').setInputFiles(video.path);
    await slot.getByRole("button", { name: "Upload help tutorial video" }).click();
    await slot.getByRole("progressbar", { name: "Uploading the help tutorial video" }).waitFor();
    await slot.getByRole("alert").filter({ hasText: "The new help tutorial video is in use." }).waitFor({ timeout: 60_000 });
    const media = ((await (await admin.get("/api/show")).json()) as { media: Record<string, { size?: number }> }).media;
    expect(media["tutorial-video"]!.size).toBe(video.size);
    expect(resumable).toContain("POST");
    expect(resumable).toContain("PATCH");

    // The FAQ edited earlier goes back to the built-in one, after a confirmation.
    await page.getByRole("button", { name: "Restore the built-in questions and answers" }).click();
    await page.getByRole("dialog", { name: "Restore the built-in questions and answers?" }).getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("alert").filter({ hasText: "The built-in questions and answers are back." }).waitFor();
    expect((await show()).faq.map((entry) => entry.question)).toEqual(DEFAULTS.faq);
    expect(await page.getByLabel("Question 3", { exact: true }).inputValue()).toBe(DEFAULTS.faq[2]!);
    expect(problems).toEqual([]);
    await context.close();
  } finally {
    await video.remove();
  }
});

test("captions name their language: chosen at upload, the player's tracks and the transcript carry it", async () => {
  const vtt = path.join(server.dataDir, `tutoriel-${crypto.randomUUID()}.vtt`);
  await Bun.write(vtt, "WEBVTT\n\n00:00.000 --> 00:02.000\nAppuyez sur « Envoyer » pour transmettre une preuve.\n");
  const { page, context, problems } = await openWithShell(browser, server.url, LAPTOP);
  await signInWatched(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/show");
  const slot = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Help tutorial captions", exact: true }) });
  await slot.locator('input[type="file"]').setInputFiles(vtt);
  // The language asked beside the chosen file: the one the admin works in unless they say otherwise.
  const language = slot.getByLabel("Language of the captions");
  expect(await language.inputValue()).toBe("en");
  await language.selectOption("fr");
  await picture(page, "show-captions-language", slot.getByRole("heading", { name: "Help tutorial captions", exact: true }));
  await slot.getByRole("button", { name: "Upload help tutorial captions" }).click();
  await slot.getByRole("alert").filter({ hasText: "The new help tutorial captions is in use." }).waitFor();
  // One track per language (issue 44): the French one uploaded, the built-in English one still there.
  const tracks = slot.getByRole("list", { name: "Captions tracks" }).getByRole("listitem");
  await tracks.filter({ hasText: "French" }).getByText(/^uploaded, /).waitFor();
  expect(await tracks.filter({ hasText: "English" }).getByText("The built-in one").count()).toBe(1);
  expect(problems).toEqual([]);
  await context.close();

  // A participant's help screen: the track is French; with the video failing, its transcript is marked French too.
  const { fields } = await newParticipant(server.url);
  const phone = await openWithShell(browser, server.url, PHONE);
  await phone.page.request.post("/api/user/login", { data: { usernameOrEmail: fields.username, password: fields.password } });
  await phone.page.request.put(`/api/user/watched/${(await (await phone.page.request.get("/api/user")).json()).id}`);
  await phone.page.goto("/help");
  const tutorial = phone.page.getByRole("region", { name: "Tutorial: uploading evidence" });
  const track = tutorial.locator("track");
  await track.first().waitFor({ state: "attached" });
  // Each track named in its own language, so a reader of it finds it in the player's menu; English starts on an English phone.
  expect(await track.evaluateAll((nodes) => nodes.map((node) => [node.getAttribute("srclang"), node.getAttribute("label"), node.hasAttribute("default")]))).toEqual([
    ["fr", "français", false],
    ["en", "English", true],
  ]);
  expect(phone.problems).toEqual([]);
  await phone.context.close();

  // A French phone (a visitor: the participant's account speaks English): its track is the French one, and so is the
  // transcript when the video fails.
  const offline = await openPage(browser, server.url, PHONE, { locale: "fr-FR" });
  await offline.page.context().route(/\/(tutorial\.(webm|mp4)|show-media\/tutorial-video\/)/, (route) => route.abort());
  await offline.page.goto("/help");
  const transcript = offline.page.getByRole("region", { name: french["help.tutorial"] }).getByRole("region", { name: french["video.transcript"] });
  const cue = transcript.getByText("Appuyez sur « Envoyer » pour transmettre une preuve.");
  await cue.waitFor();
  expect(await cue.evaluate((node) => node.closest("[lang]")!.getAttribute("lang"))).toBe("fr");
  await offline.context.close();
});
