import { launchBrowser, openPage, shot, PHONE, LAPTOP } from "/work/main/tests/browser/browser";
const browser = await launchBrowser();
for (const vp of [PHONE, LAPTOP]) {
  const { page, problems } = await openPage(browser, "http://127.0.0.1:3000", vp);
  for (const p of (process.argv[2] ?? "/home").split(",")) {
    await page.goto(p); await page.waitForTimeout(800);
    await shot(page, "peek" + p.replace(/\//g, "_"));
  }
  console.log(problems);
}
await browser.close();
