// Bun build plugins for the single executable (used by scripts/build-exe.ts).
import { readFile } from "node:fs/promises";
import type { BunPlugin } from "bun";

/**
 * libSQL picks its native addon with a computed require (`@libsql/${target}`), which the bundler cannot follow, so
 * the executable would look for node_modules at run time. This rewrites it to a literal require of this platform's
 * addon, which Bun then embeds (and unpacks into $TMPDIR when the program loads it).
 */
export function libsqlNativeAddon(): BunPlugin {
  const addon = `@libsql/${process.platform}-${process.arch}-gnu/index.node`;
  return {
    name: "libsql-native-addon",
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]libsql[\\/]index\.js$/ }, async ({ path }) => {
        const source = await readFile(path, "utf8");
        const computed = "return require(`@libsql/${target}`);";
        if (!source.includes(computed)) throw new Error(`${path} no longer loads its addon with ${computed}; update scripts/build-plugins.ts`);
        return { contents: source.replace(computed, `return require(${JSON.stringify(addon)});`), loader: "js" };
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
