// Builds the React app into dist/web: hashed JS (Bun.build, split per lazy screen), hashed CSS (Tailwind CLI),
// index.html pointing at both, the operator-replaceable placeholder media from web/public, and the service worker
// (web/sw.ts → sw.js) carrying the precache manifest of all of the above.
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { $ } from "bun";

const root = join(import.meta.dir, "..");
const webDir = join(root, "web");
const outDir = join(root, "dist", "web");
const assetsDir = join(outDir, "assets");

await rm(outDir, { recursive: true, force: true });
await mkdir(assetsDir, { recursive: true });

const bundle = await Bun.build({
  entrypoints: [join(webDir, "main.tsx")],
  outdir: assetsDir,
  target: "browser",
  format: "esm",
  splitting: true,
  minify: true,
  publicPath: "/assets/",
  naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
  // jotai tests `import.meta.env.MODE` (Vite's) for its development warnings: production here too, so they go.
  define: { "process.env.NODE_ENV": '"production"', "import.meta.env": '{"MODE":"production"}' },
});
if (!bundle.success) {
  for (const log of bundle.logs) console.error(log);
  process.exit(1);
}
const entry = bundle.outputs.find((output) => output.kind === "entry-point");
if (!entry) throw new Error("Bun.build produced no entry point");
const entryFile = entry.path.slice(assetsDir.length + 1);

const cssTemp = join(outDir, "styles.tmp.css");
await $`${join(root, "node_modules/.bin/tailwindcss")} -i ${join(webDir, "styles.css")} -o ${cssTemp} --minify`.cwd(root).quiet();
const css = await readFile(cssTemp);
const cssFile = `styles-${new Bun.CryptoHasher("sha256").update(css).digest("hex").slice(0, 10)}.css`;
await writeFile(join(assetsDir, cssFile), css);
await rm(cssTemp);

const template = await readFile(join(webDir, "index.html"), "utf8");
const html = template
  .replace('<link rel="stylesheet" href="./styles.css" />', `<link rel="stylesheet" href="/assets/${cssFile}" />`)
  .replace('<script type="module" src="./main.tsx"></script>', `<script type="module" src="/assets/${entryFile}"></script>`);
if (html === template) throw new Error("web/index.html lost its styles.css/main.tsx references");
await writeFile(join(outDir, "index.html"), html);

await cp(join(webDir, "public"), outDir, { recursive: true });

/** The two faces of the design system (web/styles.css), served from our own origin under short stable names. */
const FONTS: Record<string, string> = {
  "plex-latin.woff2": "@fontsource-variable/ibm-plex-sans/files/ibm-plex-sans-latin-wght-normal.woff2",
  "plex-latin-ext.woff2": "@fontsource-variable/ibm-plex-sans/files/ibm-plex-sans-latin-ext-wght-normal.woff2",
  "plex-cyrillic.woff2": "@fontsource-variable/ibm-plex-sans/files/ibm-plex-sans-cyrillic-wght-normal.woff2",
  "plex-greek.woff2": "@fontsource-variable/ibm-plex-sans/files/ibm-plex-sans-greek-wght-normal.woff2",
  "instrument-serif-latin.woff2": "@fontsource/instrument-serif/files/instrument-serif-latin-400-normal.woff2",
  "instrument-serif-latin-ext.woff2": "@fontsource/instrument-serif/files/instrument-serif-latin-ext-400-normal.woff2",
  "instrument-serif-latin-italic.woff2": "@fontsource/instrument-serif/files/instrument-serif-latin-400-italic.woff2",
};
await mkdir(join(outDir, "fonts"), { recursive: true });
for (const [name, source] of Object.entries(FONTS)) await cp(join(root, "node_modules", source), join(outDir, "fonts", name));

/**
 * Not precached: the onboarding and tutorial videos. An operator may replace them with a briefing of a hundred MB,
 * which every phone would then download at its first visit over the venue's Wi-Fi (and iOS may refuse to store);
 * they are played online with byte ranges instead, and their captions (precached) stand in as a transcript offline.
 */
const NOT_PRECACHED = /\.(mp4|webm)$/;

/** Every other file of dist/web, with the first 16 hex digits of its SHA-256 as the revision Workbox compares. */
async function precacheManifest(): Promise<{ url: string; revision: string }[]> {
  const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(outDir.length + 1).split("\\").join("/"))
    .filter((file) => !NOT_PRECACHED.test(file))
    .sort();
  return Promise.all(
    files.map(async (file) => ({
      url: `/${file}`,
      revision: new Bun.CryptoHasher("sha256").update(await readFile(join(outDir, file))).digest("hex").slice(0, 16),
    })),
  );
}

const manifest = await precacheManifest();
const worker = await Bun.build({
  entrypoints: [join(webDir, "sw.ts")],
  outdir: outDir,
  target: "browser",
  format: "iife", // a classic worker script: module service workers are not everywhere yet
  minify: true,
  naming: { entry: "sw.js" },
  define: { "process.env.NODE_ENV": '"production"', PRECACHE_MANIFEST: JSON.stringify(manifest) },
});
if (!worker.success) {
  for (const log of worker.logs) console.error(log);
  process.exit(1);
}

/** gzip bytes of the entry plus the chunks it imports statically: the JavaScript every first page load costs. */
async function initialJsGzip(file: string, seen = new Set<string>()): Promise<number> {
  if (seen.has(file)) return 0;
  seen.add(file);
  const code = await Bun.file(join(assetsDir, file)).text();
  let total = Bun.gzipSync(new TextEncoder().encode(code)).length;
  const staticImports = code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^"'()]*?from\s*)?["']\/assets\/([^"']+\.js)["']/g);
  for (const [, chunk] of staticImports) total += await initialJsGzip(chunk, seen);
  return total;
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `built dist/web: ${bundle.outputs.length} JS files; initial JS ${kb(await initialJsGzip(entryFile))} gzip, ` +
    `CSS ${kb(Bun.gzipSync(new Uint8Array(css)).length)} gzip; sw.js precaches ${manifest.length} files ` +
    `(${kb(Bun.gzipSync(await readFile(join(outDir, "sw.js"))).length)} gzip itself)`,
);
