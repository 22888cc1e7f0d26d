// `npm run build`: the web bundle (scripts/build-web.ts), then ONE executable, dist/casefile, holding the server,
// that bundle, the migrations (inlined by the macro in src/db/embedded-migrations.ts) and libSQL's native addon.
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { $ } from "bun";
import { embedWebBundle, libsqlNativeAddon } from "./build-plugins";

const root = path.join(import.meta.dir, "..");
const webDir = path.join(root, "dist", "web");
const workDir = path.join(root, "dist", ".build");
const outfile = path.join(root, "dist", "casefile");

// The test suite builds the web bundle once and serves it to its browser tests meanwhile: rebuilding it under them
// would answer their pages 503 (CASEFILE_WEB_BUILT=1 keeps the bundle there is).
if (process.env.CASEFILE_WEB_BUILT !== "1") await $`${process.execPath} ${path.join(import.meta.dir, "build-web.ts")}`.cwd(root);

/** A module with one `import … with { type: "file" }` per file of dist/web: Bun embeds each file it imports. */
async function writeWebFilesModule(): Promise<string> {
  const files = (await readdir(webDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(webDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
  if (!files.includes("index.html")) throw new Error(`${webDir} has no index.html; the web build failed`);
  const imports = files.map((file, i) => `import f${i} from ${JSON.stringify(path.join(webDir, file))} with { type: "file" };`);
  const entries = files.map((file, i) => `  ${JSON.stringify(file)}: f${i},`);
  const module = path.join(workDir, "embedded-web-files.ts");
  await mkdir(workDir, { recursive: true });
  await writeFile(module, `${imports.join("\n")}\n\nexport const embeddedWebFiles: Record<string, string> = {\n${entries.join("\n")}\n};\n`);
  return module;
}

const webFilesModule = await writeWebFilesModule();
await rm(outfile, { force: true });
const result = await Bun.build({
  // The media thread's program is an entry of its own (src/media/media-thread.ts finds it under /$bunfs/root/).
  entrypoints: [path.join(root, "src", "main.ts"), path.join(root, "src", "media", "media-thread-worker.ts")],
  compile: {
    outfile,
    // Settings come from the environment (and a .env file beside it); a stray bunfig.toml must not change the program.
    autoloadBunfig: false,
    autoloadTsconfig: false,
    autoloadPackageJson: false,
  },
  minify: true,
  // Precompiled bytecode: the program starts without parsing its ~MBs of bundled JavaScript.
  bytecode: true,
  // ESM split into chunks at each dynamic import: the program's start loads the command's own chunk, and what a
  // server may never use (the AWS SDK, nodemailer, the certificate code, the other commands) stays in chunks loaded on
  // use. One CommonJS bundle (it cannot be split) held them all: 59.7 → 57.5 ms to the first answer, `casefile
  // version` ~18 → ~9 ms (BENCHMARKS.md). An unsplit ESM bundle loads every node: module any part names first.
  format: "esm",
  splitting: true,
  define: { "process.env.NODE_ENV": '"production"' },
  plugins: [libsqlNativeAddon(), embedWebBundle(webFilesModule)],
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
await rm(workDir, { recursive: true, force: true });
const size = Bun.file(outfile).size;
console.log(`built ${path.relative(root, outfile)}: ${(size / 1024 / 1024).toFixed(1)} MiB`);
