// Photographs the design system (scripts/design-specimen/Specimen.tsx: every token and web/ui primitive on one page)
// at 390×844 and 1280×800 into docs/design-system/, with the app's tokens (web/styles.css) and fonts (scripts/fonts.ts).
// Usage: bun scripts/design-specimen.ts
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { $ } from "bun";
import { LAPTOP, launchBrowser, PHONE } from "../tests/browser/browser";
import { FONTS } from "./fonts";

const root = join(import.meta.dir, "..");
const out = join(root, "docs", "design-system");
const site = await mkdtemp(join(tmpdir(), "casefile-specimen-"));

const built = await Bun.build({ entrypoints: [join(import.meta.dir, "design-specimen", "Specimen.tsx")], outdir: site, target: "browser", minify: true, define: { "process.env.NODE_ENV": '"production"' } });
if (!built.success) throw new AggregateError(built.logs, "the specimen did not build");
// The app's stylesheet, also scanning the specimen (it shows tokens no screen may use yet).
const input = join(site, "input.css");
const inkSteps = "50,100,200,300,400,500,600,700,800,900,950";
await writeFile(input, `@import "${join(root, "web", "styles.css")}";\n@source "${join(import.meta.dir, "design-specimen")}";\n@source inline("bg-ink-{${inkSteps}}");\n`);
await $`${join(root, "node_modules/.bin/tailwindcss")} -i ${input} -o ${join(site, "styles.css")}`.cwd(root).quiet();
await mkdir(join(site, "fonts"));
for (const [name, source] of Object.entries(FONTS)) await cp(join(root, source), join(site, "fonts", name));
await writeFile(join(site, "index.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>casefile design system</title><link rel="stylesheet" href="/styles.css"></head><body><div id="root"></div><script type="module" src="/Specimen.js"></script></body></html>`);

const server = Bun.serve({
  port: 0,
  async fetch(request) {
    const path = new URL(request.url).pathname;
    const file = Bun.file(join(site, path === "/" ? "index.html" : path));
    return (await file.exists()) ? new Response(file) : new Response("not found", { status: 404 });
  },
});
await mkdir(out, { recursive: true });
const browser = await launchBrowser();
try {
  for (const viewport of [PHONE, LAPTOP]) {
    const page = await browser.newPage({ viewport });
    await page.goto(`${server.url}`);
    await page.evaluate(() => document.fonts.ready);
    for (const section of await page.locator("[data-specimen]").all()) {
      const name = (await section.getAttribute("data-specimen"))!.toLowerCase().replace(/[^a-z]+/g, "-");
      await section.screenshot({ path: join(out, `${name}-${viewport.width}.png`) });
    }
    await page.goto(`${server.url}?dialog`);
    await page.getByRole("dialog").waitFor();
    await page.screenshot({ path: join(out, `dialog-open-${viewport.width}.png`) });
    await page.close();
  }
} finally {
  await browser.close();
  server.stop(true);
  await rm(site, { recursive: true, force: true });
}
console.log(`design system pictures in ${out}`);
