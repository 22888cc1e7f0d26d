import path from "node:path";

/** Where the built web bundle comes from: a folder on disk, or files embedded in the executable. */
export interface WebAssets {
  get(relativePath: string): Promise<Blob | undefined>;
}

export function diskAssets(root: string): WebAssets {
  return {
    async get(relativePath) {
      const full = path.join(root, relativePath);
      if (!full.startsWith(root + path.sep)) return undefined;
      const file = Bun.file(full);
      return (await file.exists()) ? file : undefined;
    },
  };
}
