/**
 * The web bundle's files inside the single executable: relative path → embedded file path.
 * Empty in the source tree (the server then reads dist/web from disk); scripts/build-exe.ts swaps this module for a
 * generated one with one `import … with { type: "file" }` per file of dist/web.
 */
export const embeddedWebFiles: Record<string, string> = {};
