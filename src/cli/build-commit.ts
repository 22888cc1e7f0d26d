/**
 * A Bun macro: the commit the program is built from, run when the code is transpiled (each start from a checkout)
 * or bundled (scripts/build-exe.ts bakes it into the executable). `git rev-parse --short HEAD`, with `-dirty` when
 * tracked files differ from it. A build without the checkout (the container's, whose context has no .git) is told
 * it by CASEFILE_COMMIT (a build argument, read only while building); else "unknown".
 */
export function buildCommit(): string {
  if (Bun.env.CASEFILE_COMMIT) return Bun.env.CASEFILE_COMMIT;
  const git = (...args: string[]) => Bun.spawnSync(["git", "-C", import.meta.dir, ...args], { stdout: "pipe", stderr: "ignore" });
  const head = git("rev-parse", "--short", "HEAD");
  if (!head.success) return "unknown";
  const changed = git("status", "--porcelain", "--untracked-files=no").stdout.toString().trim() !== "";
  return `${head.stdout.toString().trim()}${changed ? "-dirty" : ""}`;
}
