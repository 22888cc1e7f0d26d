/** The admin screen's other views, reached as each size offers them: a phone's section select, a laptop's button. */
import type { Page } from "playwright-core";

const VIEWS = { users: { option: "Users", button: "Show Users" }, audit: { option: "Audit log", button: "Audit log" } } as const;

export async function showAdminView(page: Page, view: keyof typeof VIEWS) {
  await page.getByRole("heading", { level: 1, name: "Administration" }).waitFor();
  const section = page.getByLabel("Section");
  if (await section.isVisible()) await section.selectOption({ label: VIEWS[view].option });
  else await page.getByRole("button", { name: VIEWS[view].button }).click();
}

/** One of the admin's other pages (Show, Invitation, Server, Languages): a phone's section select, a laptop's link. */
export async function openAdminPage(page: Page, name: "Show" | "Invitation" | "Server" | "Languages") {
  await page.getByRole("heading", { level: 1, name: "Administration" }).waitFor();
  const section = page.getByLabel("Section");
  if (await section.isVisible()) await section.selectOption({ label: name });
  else await page.getByRole("link", { name, exact: true }).click();
}
