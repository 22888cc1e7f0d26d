/**
 * Every screen and state of the web app, each reachable on its own from a fresh page: go to a route, act as a user
 * would (roles, names and visible text only, so a restyled app is toured by the same code), and wait until the state
 * shows. A state that cannot be reached throws; the runner logs it and goes on.
 */
import type { Page } from "playwright-core";
import { latestMailedCode } from "../../support/client";
import type { Role, SeededItem, TourCast } from "./seed";
import { showAdminView } from "../adminViews";

/** `archive-visitor`: a visitor on the second server, started in archive mode. */
export type TourRole = Role | "archive-visitor";
export type TourState = { screen: string; state: string; as: TourRole; reach(page: Page, cast: TourCast): Promise<void> };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const shows = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();
const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { name }).first().waitFor();
const dialog = (page: Page, name?: string | RegExp) => page.getByRole("dialog", name ? { name } : {}).last();
const button = (page: Page, name: string | RegExp) => page.getByRole("button", { name }).first();

async function go(page: Page, path: string) {
  await page.goto(path);
  await page.locator("#root *").first().waitFor();
}

/** The newest seeded item of a kind (lists are newest first, so its card is on the first page). */
function newest(cast: TourCast, kind: SeededItem["kind"], publicOnly = false): SeededItem {
  const found = cast.items.filter((item) => item.kind === kind && (!publicOnly || item.isPublic)).at(-1);
  if (!found) throw new Error(`no seeded ${kind}`);
  return found;
}

async function openCard(page: Page, item: SeededItem) {
  // The participant's cards are buttons; the archive's tiles are links to /archive/<id>.
  const name = new RegExp(`^${escape(item.title)}`);
  await page.getByRole("button", { name }).or(page.getByRole("link", { name })).first().click();
  await dialog(page).waitFor();
}

/** The menu button, where there is one: from 1024 px every entry sits in the bar and the button is hidden. */
async function openMenu(page: Page) {
  await page.getByRole("navigation").first().waitFor();
  const menu = button(page, "Menu");
  if (await menu.isVisible()) await menu.click();
}

async function evidenceList(page: Page) {
  await go(page, "/Evidence");
  await page.getByRole("list", { name: "Evidence items" }).getByRole("listitem").first().waitFor();
}

async function openAddEvidence(page: Page, path = "/Evidence") {
  await go(page, path);
  await button(page, "Add evidence").click();
}

async function chooseUpload(page: Page, choice: "Camera upload" | "Audio upload" | "Notes upload") {
  await openAddEvidence(page);
  await button(page, choice).click();
}

const LONG_TITLE = "Grey van without plates outside the pharmacy, third night running, engine on";
const LONG_NOTES = "It arrived at 21:40 and left at 22:05. Nobody got in or out.\n\nThe side door was propped open with a folded newspaper, and there was a smell of fresh paint.";

async function fillRegistration(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = page.getByLabel(label, { exact: true });
    await field.fill(value);
    await field.blur();
  }
}

const VALID_REGISTRATION = (suffix: string) => ({
  "Full Name": "Aurelia Constance Featherstonehaugh-Ramaswamy",
  Username: `aurelia.tour.${suffix}`,
  Email: `aurelia.tour.${suffix}@example.org`,
  "Phone Number": "5551234567",
  "Confirm Phone Number": "5551234567",
  Password: "bridge-secret",
  "Confirm Password": "bridge-secret",
});

async function openPhotoDialog(page: Page) {
  await go(page, "/registration");
  await fillRegistration(page, VALID_REGISTRATION(`${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`));
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await dialog(page, "Add a clear photo of your face").waitFor();
}

async function resetEmail(page: Page, cast: TourCast) {
  await go(page, "/reset-password-email");
  await page.getByRole("textbox").first().fill(cast.participant.email);
  await button(page, "Send code").click();
  await page.waitForURL(/reset-password-code/);
}

async function adminUsers(page: Page) {
  await go(page, "/admin");
  await showAdminView(page, "users");
  await page.getByRole("table", { name: "Users" }).getByRole("row").nth(1).waitFor();
}

async function adminEvidence(page: Page) {
  await go(page, "/admin");
  await page.getByRole("table", { name: "All evidence" }).getByRole("row").nth(2).waitFor();
}

export const TOUR_STATES: TourState[] = [
  { screen: "landing", state: "visitor", as: "visitor", reach: async (page) => { await go(page, "/home"); await shows(page, /CLICK HERE TO SPY ON/); } },
  { screen: "landing", state: "visitor-menu", as: "visitor", reach: async (page) => { await go(page, "/home"); await openMenu(page); await page.getByRole("link", { name: "Archive" }).first().waitFor(); } },
  { screen: "landing", state: "participant", as: "participant", reach: async (page) => { await go(page, "/home"); await heading(page, "Your appointment"); } },
  { screen: "landing", state: "participant-menu", as: "participant", reach: async (page) => { await go(page, "/home"); await openMenu(page); await page.getByRole("link", { name: "Evidence" }).first().waitFor(); } },
  { screen: "landing", state: "archive", as: "archive-visitor", reach: async (page) => { await go(page, "/home"); await page.getByRole("link", { name: "See the Evidence" }).waitFor(); } },

  { screen: "login", state: "empty", as: "visitor", reach: async (page) => { await go(page, "/login"); await page.getByLabel("Username or Email").waitFor(); } },
  {
    screen: "login", state: "error", as: "visitor",
    reach: async (page) => {
      await go(page, "/login");
      await page.getByLabel("Username or Email").fill("margarethe");
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await shows(page, "Oops! The username and password didn't match. Try again!");
    },
  },

  { screen: "registration", state: "empty", as: "visitor", reach: async (page) => { await go(page, "/registration"); await page.getByLabel("Full Name").waitFor(); } },
  {
    screen: "registration", state: "errors", as: "visitor",
    reach: async (page) => {
      await go(page, "/registration");
      await fillRegistration(page, { "Full Name": "", Username: "ad", Email: "not-an-email", "Phone Number": "555-123-45", "Confirm Phone Number": "5550000000", Password: "short", "Confirm Password": "shorter" });
      await page.getByRole("button", { name: "Register", exact: true }).click();
      await page.getByText("Invalid email address").first().waitFor();
    },
  },
  { screen: "registration", state: "photo-dialog", as: "visitor", reach: openPhotoDialog },
  {
    screen: "registration", state: "selfie", as: "visitor",
    reach: async (page) => {
      await openPhotoDialog(page);
      await dialog(page).getByRole("button", { name: "Take a Selfie" }).click();
      await button(page, "Capture photo").click({ timeout: 20_000 });
      await page.getByRole("img", { name: /verification photo|photo/i }).first().waitFor();
    },
  },

  { screen: "profile", state: "read", as: "participant", reach: async (page, cast) => { await go(page, "/user"); await heading(page, new RegExp(escape(cast.participant.username))); } },
  { screen: "profile", state: "edit", as: "participant", reach: async (page) => { await go(page, "/user"); await button(page, "Edit Profile").click(); await button(page, "Save Changes").waitFor(); } },
  { screen: "profile", state: "onboarding-video", as: "newcomer", reach: async (page) => { await go(page, "/user"); await dialog(page, /^Welcome to/).waitFor(); } },

  { screen: "evidence", state: "empty", as: "fresh", reach: async (page) => { await go(page, "/Evidence"); await shows(page, "You have not submitted any evidence yet."); } },
  { screen: "evidence", state: "list-many", as: "participant", reach: evidenceList },
  { screen: "evidence", state: "filter-videos", as: "participant", reach: async (page) => { await evidenceList(page); await page.getByRole("radio", { name: "Videos" }).click(); await page.waitForTimeout(500); } },
  { screen: "evidence", state: "plus-open", as: "participant", reach: async (page) => { await openAddEvidence(page); await button(page, "Camera upload").waitFor(); } },
  { screen: "evidence", state: "plus-open-empty", as: "fresh", reach: async (page) => { await openAddEvidence(page); await button(page, "Camera upload").waitFor(); } },
  ...(["photo", "video", "audio", "note"] as const).map((kind): TourState => ({
    screen: "evidence", state: `detail-${kind}`, as: "participant",
    reach: async (page, cast) => { await evidenceList(page); await openCard(page, newest(cast, kind)); },
  })),
  {
    screen: "evidence", state: "edit-dialog", as: "participant",
    reach: async (page, cast) => { await evidenceList(page); await openCard(page, newest(cast, "photo")); await button(page, "Edit").click(); await dialog(page, "Edit Item").waitFor(); },
  },
  {
    screen: "evidence", state: "delete-confirm", as: "participant",
    reach: async (page, cast) => { await evidenceList(page); await openCard(page, newest(cast, "photo")); await button(page, "Delete").click(); await shows(page, "Are you sure you want to delete this evidence?"); },
  },

  { screen: "upload", state: "camera", as: "participant", reach: async (page) => { await chooseUpload(page, "Camera upload"); await shows(page, "Take Picture"); } },
  { screen: "upload", state: "audio", as: "participant", reach: async (page) => { await chooseUpload(page, "Audio upload"); await button(page, "Start recording").waitFor(); } },
  {
    screen: "upload", state: "audio-recording", as: "participant",
    reach: async (page) => {
      await chooseUpload(page, "Audio upload");
      await button(page, "Start recording").click();
      await page.getByRole("timer").filter({ hasText: "00:02" }).waitFor({ timeout: 10_000 });
    },
  },

  { screen: "details", state: "note", as: "participant", reach: async (page) => { await chooseUpload(page, "Notes upload"); await button(page, "Upload Evidence").waitFor(); } },
  {
    screen: "details", state: "photo-filled", as: "participant",
    reach: async (page) => {
      await chooseUpload(page, "Camera upload");
      const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByText("Upload File", { exact: true }).first().click()]);
      await chooser.setFiles(new URL("../../fixtures/photo.png", import.meta.url).pathname);
      await page.waitForURL(/evidence-details/);
      await page.getByLabel("Title").fill(LONG_TITLE);
      await page.getByLabel("Notes").fill(LONG_NOTES);
    },
  },

  { screen: "archive", state: "list", as: "visitor", reach: async (page) => { await go(page, "/archive"); await page.getByRole("list", { name: "Evidence items" }).getByRole("listitem").first().waitFor(); } },
  ...(["photo", "note", "audio"] as const).map((kind): TourState => ({
    screen: "archive", state: `item-${kind}`, as: "visitor",
    reach: async (page, cast) => { await go(page, "/archive"); await openCard(page, newest(cast, kind, true)); },
  })),
  { screen: "archive", state: "archive-mode", as: "archive-visitor", reach: async (page) => { await go(page, "/archive"); await page.getByRole("list", { name: "Evidence items" }).getByRole("listitem").first().waitFor(); } },

  { screen: "admin", state: "evidence-table", as: "admin", reach: adminEvidence },
  {
    screen: "admin", state: "evidence-dialog", as: "admin",
    reach: async (page, cast) => {
      await adminEvidence(page);
      await page.getByRole("table", { name: "All evidence" }).getByRole("button", { name: newest(cast, "photo").title }).first().click();
      await dialog(page).waitFor();
    },
  },
  { screen: "admin", state: "make-all-public-confirm", as: "admin", reach: async (page) => { await adminEvidence(page); await button(page, "Make All Public").click(); await dialog(page).waitFor(); } },
  { screen: "admin", state: "users-table", as: "admin", reach: adminUsers },
  { screen: "admin", state: "user-dialog", as: "admin", reach: async (page, cast) => { await adminUsers(page); await button(page, `Info of ${cast.participant.username}`).click(); await dialog(page).waitFor(); } },
  { screen: "admin", state: "user-evidence-dialog", as: "admin", reach: async (page, cast) => { await adminUsers(page); await button(page, `Evidence of ${cast.participant.username}`).click(); await dialog(page).waitFor(); } },
  { screen: "admin", state: "user-evidence-empty", as: "admin", reach: async (page, cast) => { await adminUsers(page); await button(page, `Evidence of ${cast.fresh.username}`).click(); await shows(page, "User has not uploaded any evidence"); } },
  { screen: "admin", state: "audit-log", as: "admin", reach: async (page) => { await go(page, "/admin"); await showAdminView(page, "audit"); await page.getByRole("list", { name: "Audit entries" }).or(page.getByText("Nothing recorded for these filters.")).waitFor(); } },
  { screen: "show", state: "editor", as: "admin", reach: async (page) => { await go(page, "/admin/show"); await page.frameLocator('iframe[title^="Preview"]').getByRole("heading", { level: 1 }).waitFor(); } },
  {
    screen: "show", state: "briefing-reset-confirm", as: "admin",
    reach: async (page) => { await go(page, "/admin/show"); await button(page, "Ask everyone to watch the briefing again").click(); await dialog(page).waitFor(); },
  },
  { screen: "invitation", state: "sheet", as: "admin", reach: async (page) => { await go(page, "/admin/invitation"); await page.getByRole("img", { name: /^QR code for/ }).waitFor(); } },

  { screen: "help", state: "page", as: "participant", reach: async (page) => { await go(page, "/help"); await heading(page, "Help"); } },
  { screen: "help", state: "visitor", as: "visitor", reach: async (page) => { await go(page, "/help"); await heading(page, "Help"); } },

  { screen: "reset", state: "1-email", as: "visitor", reach: async (page) => { await go(page, "/reset-password-email"); await button(page, "Send code").waitFor(); } },
  { screen: "reset", state: "2-code", as: "visitor", reach: async (page, cast) => { await resetEmail(page, cast); await button(page, "Verify code").waitFor(); } },
  {
    screen: "reset", state: "3-new-password", as: "visitor",
    reach: async (page, cast) => {
      await resetEmail(page, cast);
      await page.getByLabel("Code").fill(await latestMailedCode(cast.outboxDir));
      await button(page, "Verify code").click();
      await button(page, "Save new password").waitFor();
    },
  },

  { screen: "verify-email", state: "page", as: "visitor", reach: async (page) => { await go(page, "/verify-email"); await heading(page, "Email Verified Successfully!"); } },
  { screen: "not-found", state: "page", as: "visitor", reach: async (page) => { await go(page, "/no-such-page"); await heading(page, /404/); } },
];
