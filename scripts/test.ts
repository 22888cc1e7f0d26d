/**
 * `npm test`: four runs side by side — the main suite, the browser tests, the long tests (the slow-link test, a 20 MB
 * video over ~400 kbit/s, about seven minutes mostly waiting on the throttle, then axe over every screen and state at
 * both sizes) and the edition's browser test alone — so none adds its minutes to another's. Each output line is
 * prefixed with its run's name; the exit code is non-zero if any run fails. A closing "N passed, N failed" line
 * adds up the runs' counts (a run that failed without a failing test, e.g. a crash, counts as one failure).
 */
const runs = [
  // The server's and the web's own tests, the shipping tests (sqld, S3, the executable) and the network faults.
  { name: "main", args: ["test", "--timeout", "60000", "./src", "./web", "./scripts", "./tests/ship", "./tests/network", "./tests/support"] },
  // The browser tests, beside them: each waits on Chromium and its server more than on the CPU.
  { name: "browser", args: ["test", "--timeout", "60000", "./tests/browser"] },
  // Not named *.test.ts, so the runs above do not pick them up; an explicit ./path runs them.
  { name: "long", args: ["test", "--timeout", "900000", "./tests/network/slow-link.long.ts", "./tests/browser/every-screen.long.ts"] },
  // The edition's browser test in a process of its own: alone it always passed; 26th of the browser run's files, in
  // three full runs of four, Playwright's in-process connection got a response whose request it had never been told
  // of ("Cannot find parent object request@…") at the test's first page load, failing it and the file's other tests.
  { name: "edition", args: ["test", "--timeout", "120000", "./tests/browser/edition.solo.ts"] },
];

const width = Math.max(...runs.map((run) => run.name.length));

type Tally = { pass: number; fail: number; failures: string[][] };

/** How many lines before a failing test's "(fail)" line are kept to be shown again at the end (its error and code). */
const FAILURE_LINES = 40;

/**
 * Copies a stream to ours line by line with a prefix, collects bun's " N pass" / " N fail" counts, and keeps each
 * failing test's lines (since the test before it, at most FAILURE_LINES) to repeat at the end: with three runs
 * interleaved, a failure early in one run is otherwise thousands of lines above the summary a reader sees first.
 */
async function relay(stream: ReadableStream<Uint8Array>, prefix: string, out: NodeJS.WriteStream, tally: Tally) {
  const decoder = new TextDecoder();
  let pending = "";
  let since: string[] = [];
  let summary = false;
  const emit = (line: string) => {
    const count = /^\s*(\d+) (pass|fail)$/.exec(line);
    if (count) tally[count[2] as "pass" | "fail"] += Number(count[1]);
    // bun lists the failed tests again at its end, without their errors: those are not new failures.
    if (/^\d+ tests? failed:$/.test(line.trim())) summary = true;
    if (!summary && line.startsWith("(fail)")) tally.failures.push([...since, line]);
    since = line.startsWith("(pass)") || line.startsWith("(fail)") ? [] : [...since, line].slice(-FAILURE_LINES);
    out.write(`${prefix}${line}\n`);
  };
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    pending += decoder.decode(read.value, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop()!;
    lines.forEach(emit);
  }
  if (pending) emit(pending);
}

/** The system programs the suite drives, with the Debian package that brings each (`.ci/run` installs them). */
const SYSTEM_PROGRAMS = [
  { program: process.env.CHROME_PATH ?? "chromium", pkg: "chromium", why: "browser tests" },
  { program: "caddy", pkg: "caddy", why: "the reverse-proxy ship test" },
  { program: "sqlite3", pkg: "sqlite3", why: "the audit-tampering tests" },
  { program: "ffmpeg", pkg: "ffmpeg", why: "the renditions tests" },
  { program: "heif-convert", pkg: "libheif-examples", why: "the HEIC renditions tests" },
  { program: "exiftool", pkg: "libimage-exiftool-perl", why: "checking renditions carry no place" },
];

/** Stops before any test runs when a system program is missing: one line naming them all and the install command. */
function missingSystemPrograms(): string | undefined {
  const missing = SYSTEM_PROGRAMS.filter(({ program }) => !Bun.which(program));
  if (missing.length === 0) return undefined;
  const names = missing.map(({ pkg, why }) => `${pkg} (${why})`).join(", ");
  return `npm test needs ${names}: sudo apt-get install ${missing.map(({ pkg }) => pkg).join(" ")}`;
}

async function main(): Promise<number> {
  const missing = missingSystemPrograms();
  if (missing) {
    console.error(missing);
    return 1;
  }
  const results = await Promise.all(
    runs.map(async (run) => {
      const child = Bun.spawn([process.execPath, ...run.args], { stdout: "pipe", stderr: "pipe", stdin: "ignore" });
      const prefix = `[${run.name.padEnd(width)}] `;
      const counts: Tally = { pass: 0, fail: 0, failures: [] };
      await Promise.all([relay(child.stdout, prefix, process.stdout, counts), relay(child.stderr, prefix, process.stderr, counts)]);
      return { ...run, code: await child.exited, counts };
    }),
  );
  for (const result of results) {
    for (const lines of result.counts.failures) console.log(`\n== failed in ${result.name}:\n${lines.map((line) => `  ${line}`).join("\n")}`);
  }
  for (const result of results) console.log(`${result.name}: exit ${result.code}, ${result.counts.pass} pass, ${result.counts.fail} fail`);
  const passed = results.reduce((sum, result) => sum + result.counts.pass, 0);
  const failed = results.reduce((sum, result) => sum + Math.max(result.counts.fail, result.code === 0 ? 0 : 1), 0);
  console.log(`${passed} passed, ${failed} failed`);
  return results.some((result) => result.code !== 0) ? 1 : 0;
}

main().then((code) => process.exit(code));
