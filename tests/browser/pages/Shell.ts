/** The app's bar as a test sees it: the top bar ("Main"), the phone's tab bar ("Tabs") and the menu. */
import type { Page } from "playwright-core";

export class Shell {
  constructor(readonly page: Page) {}

  mainNav = () => this.page.getByRole("navigation", { name: "Main" });
  tabBar = () => this.page.getByRole("navigation", { name: "Tabs" });
  menuButton = () => this.page.getByRole("button", { name: "Menu" });

  /**
   * Every entry the bar offers at this width: the menu's where there is a menu (narrow), else the bar's own. The
   * language switch beside them is a setting, not an entry.
   */
  async entries(): Promise<string[]> {
    const entry = (list: ReturnType<Page["locator"]>) => list.filter({ hasNot: this.page.locator("select") });
    if (!(await this.menuButton().isVisible())) return entry(this.mainNav().locator("li:visible")).allTextContents();
    const panel = await this.openMenu();
    const texts = await entry(panel.locator("li")).allTextContents();
    await this.page.keyboard.press("Escape");
    return texts;
  }

  /** The routes in the phone's tab bar. */
  tabs = () => this.tabBar().getByRole("link").allTextContents();

  async openMenu() {
    await this.menuButton().click();
    const panel = this.page.locator(`[id="${await this.menuButton().getAttribute("aria-controls")}"]`);
    await panel.waitFor();
    return panel;
  }

  /** Logout from the bar, or from the menu where the bar has no room for it. */
  async logout() {
    if (await this.menuButton().isVisible()) await (await this.openMenu()).getByRole("button", { name: "Logout" }).click();
    else await this.mainNav().getByRole("button", { name: "Logout" }).click();
  }
}
