// Bun build plugins for the single executable (used by scripts/build-exe.ts).
import { readFile } from "node:fs/promises";
import type { BunPlugin } from "bun";

/**
 * libSQL picks its native addon at run time: it asks which C library the machine has (detect-libc reads /usr/bin/ldd
 * and the process report, loading node:child_process; ~1 ms of every start) and requires `@libsql/${target}`, which
 * the bundler cannot follow, so the executable would look for node_modules. The executable embeds this platform's
 * addon (Bun unpacks it into $TMPDIR when the program loads it), so its loader becomes a literal require of that.
 */
export function libsqlNativeAddon(): BunPlugin {
  const addon = `@libsql/${process.platform}-${process.arch}-gnu/index.node`;
  return {
    name: "libsql-native-addon",
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]libsql[\\/]index\.js$/ }, async ({ path }) => {
        const source = await readFile(path, "utf8");
        const detection = /const \{ load, currentTarget \} = require\("@neon-rs\/load"\);\nconst \{ familySync, GLIBC, MUSL \} = require\("detect-libc"\);\n\nfunction requireNative\(\) \{\n[^]*?\n  return require\(`@libsql\/\$\{target\}`\);\n\}\n/;
        if (!detection.test(source)) throw new Error(`${path} no longer picks its addon as scripts/build-plugins.ts expects; update the plugin`);
        return { contents: source.replace(detection, `function requireNative() {\n  return require(${JSON.stringify(addon)});\n}\n`), loader: "js" };
      });
    },
  };
}

/** Swaps the empty src/web/embedded-assets.files.ts for the generated module that embeds every file of dist/web. */
export function embedWebBundle(generatedModule: string): BunPlugin {
  return {
    name: "embed-web-bundle",
    setup(build) {
      build.onResolve({ filter: /[\\/]embedded-assets\.files(\.ts)?$/ }, () => ({ path: generatedModule }));
    },
  };
}
