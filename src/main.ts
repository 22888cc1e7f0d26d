/** Entry point of `bun src/main.ts` and of the single executable: checks the temp dir, then runs the CLI. */
import { ensureTempDirWritable } from "./cli/temp-dir";

// Before anything imports libSQL: the executable unpacks libSQL's native addon into $TMPDIR when it loads it.
const tempProblem = ensureTempDirWritable();
if (tempProblem) {
  console.error(tempProblem);
  process.exit(1);
}

/** The CLI, its modules loaded only now (in the executable, from their own chunks: scripts/build-exe.ts). */
async function main(): Promise<void> {
  const { ConfigError, loadConfig } = await import("./config");
  const { CliError } = await import("./cli/errors");
  const { runCli } = await import("./cli");
  try {
    const code = await runCli(process.argv.slice(2), () => loadConfig());
    if (code !== undefined) process.exit(code);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    if (error instanceof CliError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error((error as Error).message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  }
}

void main();
