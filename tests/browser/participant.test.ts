/**
 * A participant's whole journey, on a phone (390×844) and on a laptop (1280×800): landing, login errors, registration with every check and a
 * selfie from the fake camera, the video gate, uploads of a note, a photo, a video and a recorded clip, filters,
 * the card dialogs (edit, delete), the table view, the profile edit and logout. An axe scan on every screen.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { FIXTURES } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, openPage, PHONE, shot } from "./browser";
import { Shell } from "./pages/Shell";

setDefaultTimeout(120_000);

for (const viewport of [PHONE, LAPTOP]) {
  describe(`participant journey at ${viewport.width}×${viewport.height}`, () => {
    let server: TestServer;
    let browser: Browser;
    let page: Page;
    let problems: string[];

    beforeAll(async () => {
      server = await startTestServer();
      browser = await launchBrowser();
      ({ page, problems } = await openPage(browser, server.url, viewport));
      page.setDefaultTimeout(10_000);
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    const alert = (text: string) => page.getByRole("alert").filter({ hasText: text }).first();
    /** A form problem shown beside its field (tied to it by aria-describedby). */
    const fieldError = (text: string) => page.locator('[id$="-error"]').filter({ hasText: text }).first();

    async function screen(name: string) {
      await shot(page, name);
      await expectNoSeriousA11yViolations(page, name);
    }

    const participant = {
      full_name: "Rosa Informant",
      username: `rosa_${viewport.width}_${Date.now().toString(36)}`,
      email: `rosa_${viewport.width}_${Date.now().toString(36)}@example.org`,
      phone: "5551234567",
      password: "bridge-secret",
    };

    test("visitor: landing, menu, 404, protected routes and login messages", async () => {
      await page.goto("/");
      await page.waitForURL("**/home");
      expect(await page.getByRole("link", { name: "CLICK HERE TO SPY ON Casefile Test" }).getAttribute("target")).toBe("_blank");
      await page.getByText("(Do NOT register for an account unless you have a ticket)").waitFor();
      await page.getByRole("link", { name: "Casefile Test logo" }).waitFor();
      expect(await new Shell(page).entries()).toEqual(["Home", "Archive", "Register", "Login"]);
      await screen("home-visitor");

      await page.goto("/no-such-page");
      await page.getByRole("heading", { name: "404 — Page not found" }).waitFor();
      await screen("not-found");

      await page.goto("/Evidence");
      await page.getByRole("heading", { name: "Login" }).waitFor();
      await page.getByRole("button", { name: "Login" }).click();
      await alert("Enter your username and password!").waitFor();
      await page.getByLabel("Username or Email").fill("nobody");
      await page.getByLabel("Password").fill("wrong-password");
      await page.getByRole("button", { name: "Login" }).click();
      await alert("Oops! The username and password didn't match. Try again!").waitFor();
      await screen("login-error");

      await page.goto("/verify-email");
      await page.getByRole("heading", { name: "Email Verified Successfully!" }).waitFor();
      await screen("verify-email");
    });

    async function fillRegistration(values: Partial<Record<string, string>>) {
      const fields: [string, string][] = [
        ["Full Name", participant.full_name],
        ["Username", participant.username],
        ["Email", participant.email],
        ["Phone Number", participant.phone],
        ["Confirm Phone Number", participant.phone],
        ["Password", participant.password],
        ["Confirm Password", participant.password],
      ];
      for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(values[label] ?? value);
      await page.getByRole("checkbox", { name: /privacy notice/ }).check();
      await page.getByRole("button", { name: "Register", exact: true }).click();
    }

    test("registration: every check, uniqueness under the username, selfie, toast", async () => {
      await page.goto("/registration");
      await page.getByRole("checkbox", { name: /privacy notice/ }).check();
      await page.getByRole("button", { name: "Register", exact: true }).click();
      await fieldError("Choose a username and password!").waitFor();
      const checks: [Record<string, string>, string][] = [
        [{ Password: "short", "Confirm Password": "short" }, "Password must be at least 7 characters long"],
        [{ "Confirm Password": "different-secret" }, "Passwords do not match"],
        [{ Email: "not-an-email" }, "Invalid email address"],
        [{ "Phone Number": "555-123-45", "Confirm Phone Number": "555-123-45" }, "Phone number must be 10 digits long and contain no dashes"],
        [{ "Confirm Phone Number": "5550000000" }, "Phone numbers do not match"],
      ];
      for (const [values, message] of checks) {
        await fillRegistration(values);
        await fieldError(message).waitFor();
      }
      await screen("registration-error");

      await fillRegistration({ Username: "admin" });
      const usernameField = page.getByLabel("Username", { exact: true });
      await page.locator('input[name="username"][aria-invalid="true"]').waitFor();
      const describedBy = (await usernameField.getAttribute("aria-describedby"))!;
      expect((await page.locator(`[id="${describedBy}"]`).textContent())?.length).toBeGreaterThan(0);

      await fillRegistration({ "Phone Number": participant.phone });
      const dialog = page.getByRole("dialog", { name: "Add a clear photo of your face" });
      await dialog.getByText("This photo is for internal identification only and is not shared publicly.").waitFor();
      expect(await dialog.getByText("Please upload a photo", { exact: true }).count()).toBe(0);
      await dialog.getByRole("button", { name: "Submit Photo and Register" }).click();
      await dialog.getByRole("alert").filter({ hasText: "Please upload a photo" }).waitFor();
      await dialog.getByRole("button", { name: "Take a Selfie" }).click();
      await dialog.getByRole("button", { name: "Capture photo" }).click({ timeout: 20_000 });
      await dialog.getByRole("img", { name: "Your verification photo" }).waitFor();
      await screen("registration-photo-dialog");
      await dialog.getByRole("button", { name: "Submit Photo and Register" }).click();

      await page.waitForURL("**/user");
      const toast = page.getByRole("status").filter({ hasText: "New User Created!" });
      await toast.waitFor();
      await toast.waitFor({ state: "detached", timeout: 9000 });
    });

    test("video gate: locked menu, gate alert, controls after 3 s, acknowledgement, /home-validate", async () => {
      const welcome = page.getByRole("dialog", { name: "Welcome to Casefile Test" });
      await welcome.waitFor();
      const menuButton = page.getByRole("button", { name: "Menu", includeHidden: true });
      expect(await menuButton.isDisabled()).toBe(true);
      expect(await menuButton.evaluate((element) => getComputedStyle(element).opacity)).toBe("0.5");

      await page.goto("/archive");
      await page.waitForURL("**/user");
      await welcome.getByRole("alert").filter({ hasText: "You must watch the video before navigating." }).waitFor();

      const video = welcome.locator("video");
      expect(await video.evaluate((element: HTMLVideoElement) => element.controls)).toBe(false);
      await screen("profile-onboarding");
      await welcome.getByRole("button", { name: "Play video" }).click();
      await page.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement).currentTime > 1);
      expect(await video.evaluate((element: HTMLVideoElement) => element.controls)).toBe(false);
      await page.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement).controls, null, { timeout: 10_000 });

      const acknowledgement = page.getByRole("dialog", { name: "Video Instruction Acknowledgement" });
      await acknowledgement.waitFor({ timeout: 15_000 });
      await screen("profile-acknowledgement");
      await acknowledgement.getByRole("button", { name: "Rewatch Video" }).click();
      await welcome.waitFor();
      await welcome.getByRole("button", { name: "Play video" }).click();
      await acknowledgement.waitFor({ timeout: 15_000 });
      await acknowledgement.getByRole("button", { name: "I understand" }).click();

      await page.waitForURL("**/home-validate");
      await page.getByRole("heading", { name: "Your appointment" }).waitFor();
      expect(await page.getByRole("button", { name: "Menu", includeHidden: true }).isEnabled()).toBe(true);
      await screen("home-participant");
      const shell = new Shell(page);
      expect(await shell.entries()).toEqual(["Home", "Evidence", "Archive", "Help", "Spy on Casefile Test (opens in a new tab)", "Logout"]);
      await (viewport === PHONE ? shell.tabBar() : shell.mainNav()).getByRole("link", { name: "Evidence" }).click();
      await page.waitForURL("**/evidence");
    });

    async function openAddChoice(choice: "Camera upload" | "Audio upload" | "Notes upload") {
      await page.goto("/Evidence");
      await page.getByRole("heading", { name: "My Evidence" }).waitFor();
      await page.getByRole("button", { name: "Add evidence" }).click();
      await page.getByRole("button", { name: choice }).click();
    }

    /** Back on the list once the queue has the item; it has arrived when its row says so. */
    async function sent(title: string) {
      await page.waitForURL("**/Evidence", { timeout: 20_000 });
      await page.locator(`[data-testid="queue-row"][data-state="done"][data-title*=${JSON.stringify(title)}]`).first().waitFor({ timeout: 20_000 });
    }

    async function finishUpload(title: string, notes: string) {
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Notes").fill(notes);
      await page.getByRole("button", { name: "Upload Evidence" }).click();
      await page.getByText("You can leave this screen").waitFor();
      await sent(title);
    }

    test("uploads: a note with location, a photo, a video and a recorded clip", async () => {
      await page.goto("/Evidence");
      await page.getByText("You have not submitted any evidence yet.").waitFor();
      await screen("evidence-empty");

      await openAddChoice("Notes upload");
      await page.waitForURL(/\/evidence-details(\?|$)/);
      expect(await page.getByLabel("Title").inputValue()).toBe("Supporting Evidence");
      await page.getByRole("button", { name: "Add my location" }).click();
      await page.getByText("40.71278, -74.00594").waitFor();
      await page.getByLabel("Notes").fill("A grey van circled the block three times.\nLine 2\nLine 3\nLine 4\nLine 5\nLine 6\nLine 7\nLine 8");
      await screen("evidence-details-note");
      await page.getByRole("button", { name: "Upload Evidence" }).click();
      await page.getByText("You can leave this screen").waitFor();
      await sent("Supporting Evidence");
      await page.getByRole("button", { name: /^Supporting Evidence \(Note\)/ }).waitFor();
      // The card shows the title cut to 8 characters plus " ...".
      expect(await page.locator('ul[aria-label="Evidence items"]').getByText("Supporti ...", { exact: true }).count()).toBe(1);

      await openAddChoice("Camera upload");
      await page.waitForURL("**/evidenceupload");
      await page.getByText(/^Maximum file size: \d/).waitFor();
      for (const label of ["Upload File", "Take Picture", "Record Video"]) await page.getByText(label, { exact: true }).waitFor();
      await screen("evidence-upload-camera");
      await page.getByLabel(/Upload File/).setInputFiles(path.join(FIXTURES, "photo.jpg"));
      await page.waitForURL(/\/evidence-details(\?|$)/);
      await page.getByRole("img", { name: "Preview of the chosen photo" }).waitFor();
      await page.getByLabel("Title").fill("Bridge photo");
      await page.getByLabel("Notes").fill("Taken from the north end.");
      await page.getByRole("button", { name: "Upload Evidence" }).click();
      await page.getByText("You can leave this screen").waitFor();
      await sent("Bridge photo");
      await page.locator('[data-testid="queue-row"][data-title="Bridge photo"]').getByText("Arrived intact").waitFor();

      await openAddChoice("Camera upload");
      await page.getByLabel(/Record Video/).setInputFiles(path.join(FIXTURES, "clip.webm"));
      await page.waitForURL(/\/evidence-details(\?|$)/);
      await finishUpload("Van video", "It drove off at 9pm.");

      await openAddChoice("Audio upload");
      await page.getByText("Upload Audio", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Start recording" }).click();
      await page.getByRole("timer").filter({ hasText: "00:02" }).waitFor({ timeout: 10_000 });
      await page.getByRole("button", { name: "Pause" }).click();
      await page.getByText("Paused").waitFor();
      await screen("evidence-upload-audio");
      await page.getByRole("button", { name: "Resume" }).click();
      await page.getByRole("button", { name: "Stop recording" }).click();
      await page.getByRole("button", { name: "Save recording" }).click();
      await page.waitForURL(/\/evidence-details(\?|$)/);
      await page.getByLabel("Preview of the recording").waitFor();
      await finishUpload("Overheard call", "Two voices, one of them says 'the bridge'.");

      expect(await page.getByRole("list", { name: "Evidence items" }).getByRole("listitem").count()).toBe(4);
      const photoThumb = page.getByRole("button", { name: /^Bridge photo \(Photo\)/ }).locator("img");
      expect(await photoThumb.getAttribute("src")).toMatch(/^\/api\/media\//);
      const videoThumb = page.getByRole("button", { name: /^Van video \(Video\)/ }).locator("img");
      expect(await videoThumb.getAttribute("src")).toMatch(/^\/api\/media\//);
      for (const thumb of [photoThumb, videoThumb]) {
        const bytes = (await (await page.request.get((await thumb.getAttribute("src"))!)).body()).length;
        expect(bytes).toBeGreaterThan(0);
        expect(bytes).toBeLessThanOrEqual(40 * 1024);
      }
      const box = await page.getByRole("button", { name: /^Bridge photo/ }).boundingBox();
      expect([box?.width, box?.height]).toEqual([250, 357]);
      await screen("evidence-list");
    });

    test("filters, detail dialog, Edit Item (not dismissible), delete confirmation, table view", async () => {
      const filter = page.getByRole("radiogroup", { name: "Filter evidence by kind" });
      for (const [label, kind] of [["Notes", "Note"], ["Photos", "Photo"], ["Videos", "Video"], ["Audio", "Audio"]]) {
        await filter.getByRole("radio", { name: label }).click();
        await page.waitForFunction((kind) => {
          const names = [...document.querySelectorAll('ul[aria-label="Evidence items"] button')].map((b) => b.getAttribute("aria-label"));
          return names.length === 1 && names[0]!.includes(`(${kind})`);
        }, kind);
      }
      await filter.getByRole("radio", { name: "All" }).click();
      await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Evidence items"] button').length === 4);

      await page.getByRole("button", { name: /^Supporting Evidence \(Note\)/ }).click();
      const detail = page.getByRole("dialog", { name: "Evidence" });
      await detail.getByText("No media to display.").waitFor();
      await detail.getByText("40.71278, -74.00594").waitFor();
      await detail.getByText("Location").waitFor();
      await screen("evidence-detail");
      await detail.getByRole("button", { name: "Edit" }).click();

      const edit = page.getByRole("dialog", { name: "Edit Item" });
      await edit.waitFor();
      await page.keyboard.press("Escape");
      await page.mouse.click(5, 5);
      await edit.waitFor();
      await screen("evidence-edit");
      await edit.getByLabel("Title").fill("Van sighting");
      await edit.getByRole("button", { name: "Save" }).click();
      await edit.waitFor({ state: "detached" });
      await page.getByRole("button", { name: /^Van sighting \(Note\)/ }).waitFor();

      await page.getByRole("button", { name: /^Bridge photo \(Photo\)/ }).click();
      await detail.getByRole("img", { name: "Photo: Bridge photo" }).waitFor();
      await detail.getByRole("button", { name: "Edit" }).click();
      expect(await edit.locator('input[type="file"]').getAttribute("accept")).toBe("image/*");
      const thumbnailBefore = await page.locator('[aria-label^="Bridge photo (Photo)"] img').getAttribute("src");
      await edit.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, "photo.png"));
      await edit.getByRole("button", { name: "Save" }).click();
      await edit.waitFor({ state: "detached" });
      await page.waitForFunction(
        (before) => document.querySelector('[aria-label^="Bridge photo (Photo)"] img')?.getAttribute("src") !== before,
        thumbnailBefore,
      );

      await page.getByRole("button", { name: /^Van video \(Video\)/ }).click();
      await detail.getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Please confirm" });
      await confirm.getByText("Are you sure you want to delete this evidence?").waitFor();
      await screen("evidence-delete-confirm");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("button", { name: /^Van video \(Video\)/ }).click();
      await detail.getByRole("button", { name: "Delete" }).click();
      await confirm.getByRole("button", { name: "Confirm" }).click();
      await alert("Evidence deleted successfully!").waitFor();
      await page.getByRole("button", { name: /^Van video/ }).waitFor({ state: "detached" });

      await page.getByRole("tab", { name: "Table" }).click();
      await page.getByRole("table", { name: "My evidence" }).waitFor();
      expect(await page.getByRole("table").getByRole("row").count()).toBe(4);
      await screen("evidence-table");
    });

    test("profile: read view, edit with pronouns and avatar, logout", async () => {
      await page.goto("/user");
      await page.getByRole("heading", { name: participant.username }).waitFor();
      await page.getByText("Prefer not to say").waitFor();
      await page.getByRole("button", { name: "Edit Profile" }).click();
      await page.getByLabel("Pronouns").selectOption("They/Them");
      const [avatarChooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: "Upload Avatar" }).click()]);
      await avatarChooser.setFiles(path.join(FIXTURES, "photo.png"));
      await screen("profile-edit");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await alert("User updated successfully.").waitFor();
      await page.getByRole("heading", { name: `${participant.username} (They/Them)` }).waitFor();
      expect(await page.getByRole("img", { name: `${participant.username}'s avatar` }).getAttribute("src")).toMatch(/^\/api\/media\//);
      await screen("profile");

      await new Shell(page).logout();
      await page.waitForURL("**/home");
      await page.getByRole("link", { name: "Login" }).first().waitFor();
      expect(problems).toEqual([]);
    });
  });
}
