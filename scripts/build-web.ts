// Builds the React app into dist/web: hashed JS (Bun.build, split per lazy screen), hashed CSS (Tailwind CLI),
// index.html pointing at both, the operator-replaceable placeholder media from web/public, and the service worker
// (web/sw.ts → sw.js) carrying the precache manifest of all of the above.
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { $ } from "bun";
import { FONTS } from "./fonts";

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
  metafile: true, // which chunk is which lazy screen's (preloads.json, below)
});
if (!bundle.success) {
  for (const log of bundle.logs) console.error(log);
  process.exit(1);
}
const entry = bundle.outputs.find((output) => output.kind === "entry-point");
if (!entry) throw new Error("Bun.build produced no entry point");
const entryFile = entry.path.slice(assetsDir.length + 1);
/** The chunk a lazy screen's import() loads (web/screens/<name>.tsx). */
function screenChunk(name: string): string {
  const found = Object.entries(bundle.metafile?.outputs ?? {}).find(([, output]) => output.entryPoint === `web/screens/${name}.tsx`);
  if (!found) throw new Error(`no chunk of web/screens/${name}.tsx in Bun.build's metafile`);
  return found[0].replace(/^\.\//, "");
}

/** A file of assets/ and every chunk it imports statically (what loading it costs before it runs). */
async function staticClosure(file: string, seen = new Set<string>()): Promise<Set<string>> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = await Bun.file(join(assetsDir, file)).text();
  const imports = code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^"'()]*?from\s*)?["']\/assets\/([^"']+\.js)["']/g);
  for (const [, chunk] of imports) await staticClosure(chunk!, seen);
  return seen;
}
const initialFiles = await staticClosure(entryFile);
/** Per screen, the modules its first render needs beyond main's: the server sends them as modulepreload links. */
const screenPreloads = { archive: [...(await staticClosure(screenChunk("ArchiveScreen")))].filter((f) => !initialFiles.has(f)).map((f) => `/assets/${f}`) };
await writeFile(join(outDir, "preloads.json"), JSON.stringify(screenPreloads));

// The design system's fonts (scripts/fonts.ts) go into assets/ under content-hashed names, cached for a year like the
// bundle (a new font, a new name); web/styles.css and web/index.html refer to them as /fonts/<name>.
const contentHash = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex").slice(0, 10);
/** "/fonts/<name>" → "/assets/<stem>-<hash>.woff2" */
const fontUrls = new Map<string, string>();
for (const [name, source] of Object.entries(FONTS)) {
  const bytes = await readFile(join(root, source));
  const hashed = `${name.replace(/\.woff2$/, "")}-${contentHash(bytes)}.woff2`;
  await writeFile(join(assetsDir, hashed), bytes);
  fontUrls.set(`/fonts/${name}`, `/assets/${hashed}`);
}
/** Points every /fonts/<name> of a text at its hashed file; a reference to a font not in FONTS fails the build. */
function withHashedFonts(text: string, where: string): string {
  return text.replace(/\/fonts\/[\w.-]+/g, (url) => {
    const hashed = fontUrls.get(url);
    if (!hashed) throw new Error(`${where} refers to ${url}, which is not in scripts/fonts.ts`);
    return hashed;
  });
}

const cssTemp = join(outDir, "styles.tmp.css");
await $`${join(root, "node_modules/.bin/tailwindcss")} -i ${join(webDir, "styles.css")} -o ${cssTemp} --minify`.cwd(root).quiet();
const css = new TextEncoder().encode(withHashedFonts(await readFile(cssTemp, "utf8"), "web/styles.css"));
const cssFile = `styles-${contentHash(css)}.css`;
await writeFile(join(assetsDir, cssFile), css);
await rm(cssTemp);

const template = await readFile(join(webDir, "index.html"), "utf8");
const html = withHashedFonts(
  template
    .replace('<link rel="stylesheet" href="./styles.css" />', `<link rel="stylesheet" href="/assets/${cssFile}" />`)
    .replace('<script type="module" src="./main.tsx"></script>', `<script type="module" src="/assets/${entryFile}"></script>`),
  "web/index.html",
);
if (!html.includes(`/assets/${cssFile}`) || !html.includes(`/assets/${entryFile}`)) throw new Error("web/index.html lost its styles.css/main.tsx references");
await writeFile(join(outDir, "index.html"), html);

await cp(join(webDir, "public"), outDir, { recursive: true });

// The redaction studio's face detector (web/features/redaction/detector.ts) loads its weights from our own origin:
// venues have no internet. Only the two detection models; the package's other nets are not used.
const FACE_MODELS = join(root, "node_modules/@vladmandic/face-api/model");
await mkdir(join(outDir, "models", "face"), { recursive: true });
for (const name of await readdir(FACE_MODELS)) {
  if (/^(ssd_mobilenetv1|tiny_face_detector)_model/.test(name)) await cp(join(FACE_MODELS, name), join(outDir, "models", "face", name));
}
/** The detector's chunk (tfjs inside, ~1 MB): the studio's alone, fetched when an admin opens it. */
const detectorChunks = new Set(
  Object.entries(bundle.metafile?.outputs ?? {})
    .filter(([, output]) => Object.keys(output.inputs).some((input) => input.includes("@vladmandic/face-api")))
    .map(([file]) => `assets/${file.replace(/^\.\//, "")}`),
);

/**
 * Not precached: the onboarding and tutorial videos. An operator may replace them with a briefing of a hundred MB,
 * which every phone would then download at its first visit over the venue's Wi-Fi (and iOS may refuse to store);
 * they are played online with byte ranges instead, and their captions (precached) stand in as a transcript offline.
 * Nor the face detector's models (6 MB) and chunk: only an admin's studio uses them, online.
 */
const NOT_PRECACHED = /\.(mp4|webm)$|^models\//;

/** Every other file of dist/web, with the first 16 hex digits of its SHA-256 as the revision Workbox compares. */
async function precacheManifest(): Promise<{ url: string; revision: string }[]> {
  const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(outDir.length + 1).split("\\").join("/"))
    .filter((file) => !NOT_PRECACHED.test(file) && !detectorChunks.has(file))
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
let initialJsGzip = 0;
for (const file of initialFiles) initialJsGzip += Bun.gzipSync(new TextEncoder().encode(await Bun.file(join(assetsDir, file)).text())).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `built dist/web: ${bundle.outputs.length} JS files; initial JS ${kb(initialJsGzip)} gzip, ` +
    `CSS ${kb(Bun.gzipSync(css).length)} gzip; sw.js precaches ${manifest.length} files ` +
    `(${kb(Bun.gzipSync(await readFile(join(outDir, "sw.js"))).length)} gzip itself)`,
);
