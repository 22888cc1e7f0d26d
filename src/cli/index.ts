/** The command line of the casefile program (and of the single executable): one subcommand per operator task. */
import type { Config } from "../config";
import { CliError } from "./errors";
import { VERSION } from "./version";

const HELP = `casefile ${VERSION}: a self-hosted evidence portal

usage: casefile [command] [arguments]

commands:
  serve                          run the server (the default)
  create-admin [--username U] [--email E] [--password P] [--promote]
                                 create an admin; --promote makes an existing participant
                                 of that name the admin (falls back to ADMIN_USERNAME,
                                 ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_PROMOTE)
  set-role <username> <1|2>      make a user a participant (1) or an admin (2)
  backup <file>                  write the database and all media (renditions too) into one
                                 archive readable by its owner only, then verify it (safe while serving)
  backup verify <file>           check an archive (every entry's SHA-256 against its seal, database
                                 integrity, audit log); exit 1 naming what is wrong
  restore <file>                 verify an archive, then restore it whole into an empty database
                                 and media store, or change nothing
  audit verify                   check the audit log's hash chain; exit 1 naming the first altered entry
  audit reseal --from <entry>    seal the chain again from that entry on, with the key, once the break
                                 is understood (servers stopped; the reseal is logged; docs/operating.md)
  export <file> [--q TEXT] [--kind K,…] [--status S,…] [--visibility public|private]
         [--user ID] [--from DATE] [--to DATE]
                                 write a ZIP of the matching items' original files with
                                 manifest.csv, manifest.json and audit.json (as GET /api/export)
  archive export <folder> [--base-url https://…/]
                                 write the public archive as a static edition (pages, public
                                 media, IIIF manifests, catalogue; see docs/edition.md)
  healthcheck                    exit 0 when the server on PORT answers /healthz (for Docker)
  --help, --version

All settings come from environment variables (PORT, DATABASE_URL, MEDIA_STORE, …); see docs/operating.md.`;

/** `casefile serve`, the default: resolves once the server listens (it then runs until stopped). */
async function serve(readConfig: () => Config): Promise<undefined> {
  await (await import("./serve")).serve(readConfig());
  return undefined;
}

/** Runs one command (each loads only its own modules, so `--version` and `healthcheck` start at once); resolves to the exit code, or to undefined while the server keeps running. */
export async function runCli(argv: string[], readConfig: () => Config): Promise<number | undefined> {
  // No arguments, as the executable and the container start it: the server, without loading node:util's parser
  // (~1 ms of every start; BENCHMARKS.md).
  if (argv.length === 0) return serve(readConfig);
  const { parseArgs } = await import("node:util");
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "v" },
      username: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      promote: { type: "boolean" },
      // export's filters, as the admin list's query parameters
      q: { type: "string" },
      kind: { type: "string" },
      status: { type: "string" },
      visibility: { type: "string" },
      user: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      "base-url": { type: "string" },
    },
  });
  if (values.help) return print(HELP);
  if (values.version) return print(VERSION);

  const [command = "serve", ...args] = positionals;
  const expectArgs = (count: number, usage: string) => {
    if (args.length !== count) throw new CliError(`usage: casefile ${usage}`);
  };
  switch (command) {
    case "serve":
      expectArgs(0, "serve");
      return serve(readConfig);
    case "create-admin":
      expectArgs(0, "create-admin [--username U] [--email E] [--password P] [--promote]");
      return print(await (await import("./admin-commands")).createAdmin(readConfig(), values));
    case "set-role":
      expectArgs(2, "set-role <username> <1|2>");
      return print(await (await import("./admin-commands")).setUserRole(readConfig(), args[0]!, args[1]!));
    case "backup": {
      if (args[0] === "verify" && args.length === 2) return (await import("../backups/backup-verify")).verifyCommand(args[1]!);
      expectArgs(1, "backup <file>  or  casefile backup verify <file>");
      const { summary, check, file } = await (await import("./backup")).backupVerified(readConfig(), args[0]!);
      if (!check.ok) {
        for (const problem of check.problems) console.error(`${file}: ${problem}`);
        console.error(`backup written to ${file} FAILED verification (above); do not rely on it.`);
        return 1;
      }
      const skipped = summary.missing.length ? `; ${summary.missing.length} media files deleted during the backup were skipped` : "";
      return print(`backup written to ${file} and verified: ${summary.users} users, ${summary.evidence} items, ${summary.mediaFiles - summary.missing.length} media files${skipped}`);
    }
    case "restore": {
      expectArgs(1, "restore <file>");
      const summary = await (await import("./restore")).restore(readConfig(), args[0]!);
      const queued = summary.renditionsQueued ? `; ${summary.renditionsQueued} files' renditions (not in the archive) are made again once the server runs` : "";
      return print(`restored ${args[0]} (taken ${summary.createdAt} by casefile ${summary.appVersion}), verified: ${summary.users} users, ${summary.evidence} items, ${summary.restoredMedia} media files${queued}`);
    }
    case "audit":
      expectArgs(1, "audit verify  or  casefile audit reseal --from <entry>");
      if (args[0] === "reseal") return (await import("./audit")).resealCommand(readConfig(), values.from);
      return (await import("./audit")).auditCommand(readConfig(), args[0]!);
    case "export": {
      expectArgs(1, "export <file> [--q TEXT] [--kind K,…] [--status S,…] [--visibility V] [--user ID] [--from DATE] [--to DATE]");
      const { q, kind, status, visibility, user, from, to } = values;
      const plan = await (await import("./export")).exportToFile(readConfig(), args[0]!, { q, kind, status, visibility, user, from, to });
      return print(`export written to ${args[0]}: ${plan.items.length} items, ${plan.files} files, ${plan.mediaBytes} bytes of media`);
    }
    case "archive": {
      if (args[0] !== "export" || args.length !== 2) throw new CliError("usage: casefile archive export <folder> [--base-url https://…/]");
      const summary = await (await import("./archive")).archiveExport(readConfig(), args[1]!, values["base-url"]);
      const skipped = summary.missing.length ? `; ${summary.missing.length} files deleted during the export were left out` : "";
      const sitemap = values["base-url"] ? "" : " (no sitemap.xml without --base-url)";
      return print(`edition written to ${args[1]}: ${summary.items} items, ${summary.mediaFiles} media files; ${summary.written} files written, ${summary.kept} unchanged, ${summary.removed} removed${skipped}${sitemap}`);
    }
    case "healthcheck":
      expectArgs(0, "healthcheck");
      return (await (await import("./healthcheck")).healthcheck(readConfig())) ? 0 : 1;
    default:
      throw new CliError(`unknown command "${command}"; try casefile --help`);
  }
}

function print(text: string): number {
  console.log(text);
  return 0;
}
