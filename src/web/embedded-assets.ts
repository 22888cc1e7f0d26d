import { embeddedWebFiles } from "./embedded-assets.files";
import type { WebAssets } from "./web-assets";

/** The web bundle embedded in the executable, or undefined when running from source. */
export function embeddedAssets(): WebAssets | undefined {
  if (Object.keys(embeddedWebFiles).length === 0) return undefined;
  return {
    async get(relativePath) {
      const embedded = Object.hasOwn(embeddedWebFiles, relativePath) ? embeddedWebFiles[relativePath] : undefined;
      return embedded ? Bun.file(embedded) : undefined;
    },
  };
}
