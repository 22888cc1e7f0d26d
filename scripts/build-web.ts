// Builds the React app into dist/web: hashed JS (Bun.build, split per lazy screen), hashed CSS (Tailwind CLI),
// index.html pointing at both, and the operator-replaceable placeholder media from web/public.
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
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
  define: { "process.env.NODE_ENV": '"production"' },
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
    `CSS ${kb(Bun.gzipSync(new Uint8Array(css)).length)} gzip`,
);
