/** The program's command line run as a real process: help, version, errors, admin commands, graceful SIGTERM. */
import { afterEach, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { version } from "../../package.json";
import { Actor, newParticipant } from "../support/client";
import { paddedVideo } from "./support/media";
import { FROM_SOURCE, runCommand, startProgram, type Program } from "./support/program";
import { trickleUpload } from "./support/slow-upload";

// These start real processes and servers; bun test's 5 s default is too tight on a busy 2-core machine.
setDefaultTimeout(60_000);

let dir: string;
let program: Program | undefined;

afterEach(async () => {
  if (program?.child.exitCode === null) await program.stop();
  program = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function emptyDir() {
  dir = await mkdtemp(path.join(tmpdir(), "casefile-cli-"));
  return dir;
}

test("--help names every command, --version the release", async () => {
  const cwd = await emptyDir();
  const help = await runCommand([...FROM_SOURCE, "--help"], cwd);
  expect(help.code).toBe(0);
  for (const command of ["serve", "create-admin", "set-role", "backup", "restore", "export", "healthcheck"]) expect(help.stdout).toContain(command);
  const shown = await runCommand([...FROM_SOURCE, "--version"], cwd);
  // The release and the commit it runs from, -dirty when tracked files were changed.
  const head = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: import.meta.dir }).stdout.toString().trim();
  expect(shown.stdout.trim()).toMatch(new RegExp(`^${version.replaceAll(".", "\\.")}\\+${head}(-dirty)?$`));
});

test("mistakes end with one clear line and a non-zero code", async () => {
  const cwd = await emptyDir();
  const unknown = await runCommand([...FROM_SOURCE, "frobnicate"], cwd);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr.trim()).toBe('unknown command "frobnicate"; try casefile --help');
  const badPort = await runCommand([...FROM_SOURCE], cwd, { PORT: "eighty" });
  expect(badPort.code).toBe(1);
  expect(badPort.stderr.trim()).toBe('Invalid configuration: PORT must be a whole number, got "eighty"');
  const badRole = await runCommand([...FROM_SOURCE, "set-role", "someone", "9"], cwd);
  expect(badRole.code).toBe(2);
  expect(badRole.stderr.trim()).toBe('The role must be 1 (participant) or 2 (admin), got "9".');
  const nowhere = await runCommand([...FROM_SOURCE, "backup", path.join(cwd, "missing/backup.tar")], cwd);
  expect(nowhere.code).toBe(2);
  expect(nowhere.stderr.trim()).toBe(`The folder ${path.join(cwd, "missing")} does not exist.`);
  const noDatabase = await runCommand([...FROM_SOURCE, "backup", path.join(cwd, "backup.tar")], cwd);
  expect(noDatabase.code).toBe(2);
  expect(noDatabase.stderr.trim()).toBe("There is no database at file:./data/casefile.db; check DATABASE_URL (and the working directory).");
  const notArchive = path.join(cwd, "notes.txt");
  await Bun.write(notArchive, "not a backup\n");
  const refused = await runCommand([...FROM_SOURCE, "restore", notArchive], cwd);
  expect(refused.code).toBe(2);
  expect(refused.stderr.trim()).toBe(`${notArchive} was not restored, and nothing was changed: it is damaged: ${notArchive} is not a complete tar archive (cut short?)`);
  const noTemp = await runCommand([...FROM_SOURCE, "--version"], cwd, { TMPDIR: path.join(cwd, "missing") });
  expect(noTemp.code).toBe(1);
  expect(noTemp.stderr).toContain("TMPDIR");
});

test("create-admin makes an admin who can log in; set-role turns them into a participant and back", async () => {
  const cwd = await emptyDir();
  const created = await runCommand([...FROM_SOURCE, "create-admin", "--username", "curator", "--email", "curator@example.org", "--password", "curator-pass"], cwd);
  expect(created.stderr).toBe("");
  expect(created.code).toBe(0);
  program = await startProgram(FROM_SOURCE, cwd);
  const curator = new Actor(program.url);
  expect((await curator.login("curator", "curator-pass")).status).toBe(200);
  const role = async () => ((await (await curator.get("/api/user")).json()) as { role: number }).role;
  expect(await role()).toBe(2);

  expect((await runCommand([...FROM_SOURCE, "set-role", "curator", "1"], cwd)).code).toBe(0);
  expect(await role()).toBe(1);
  expect((await curator.get("/api/user/users")).status).toBe(403);
  expect((await runCommand([...FROM_SOURCE, "set-role", "curator", "2"], cwd)).code).toBe(0);
  expect(await role()).toBe(2);

  const missing = await runCommand([...FROM_SOURCE, "set-role", "nobody", "2"], cwd);
  expect(missing.code).toBe(2);
  expect(missing.stderr.trim()).toBe("No user named nobody.");
});

/** A database in cwd holding one participant (registered through a running server, then stopped). */
async function withParticipant(cwd: string) {
  program = await startProgram(FROM_SOURCE, cwd);
  const participant = await newParticipant(program.url, { username: `rosa_${Date.now()}`, password: "rosas-own-pass" });
  await program.stop();
  program = undefined;
  return participant.fields;
}

const refusal = (username: string) =>
  `A participant named ${username} (id 1) already exists; they are made admin only when asked explicitly: set ADMIN_PROMOTE=on, or run create-admin --promote.`;

test("ADMIN_USERNAME naming a participant stops the start with one line; ADMIN_PROMOTE=on promotes them", async () => {
  const cwd = await emptyDir();
  const rosa = await withParticipant(cwd);
  const admin = { ADMIN_USERNAME: rosa.username.toUpperCase(), ADMIN_EMAIL: "boss@example.org", ADMIN_PASSWORD: "boss-password" };
  const refused = await runCommand([...FROM_SOURCE], cwd, { PORT: "0", ...admin }, 30_000);
  expect(refused.stderr.trim()).toBe(refusal(rosa.username));
  expect(refused.code).toBe(2);

  program = await startProgram(FROM_SOURCE, cwd, { ...admin, ADMIN_PROMOTE: "on" });
  const actor = new Actor(program.url);
  expect((await actor.login(rosa.username, "boss-password")).status).toBe(401); // their password stays
  expect((await actor.login(rosa.username, rosa.password)).status).toBe(200);
  expect(((await (await actor.get("/api/user")).json()) as { role: number }).role).toBe(2);
});

test("create-admin refuses to promote a participant unless --promote", async () => {
  const cwd = await emptyDir();
  const rosa = await withParticipant(cwd);
  const command = [...FROM_SOURCE, "create-admin", "--username", rosa.username, "--email", "boss@example.org", "--password", "boss-password"];
  const refused = await runCommand(command, cwd);
  expect(refused.stderr.trim()).toBe(refusal(rosa.username));
  expect(refused.code).toBe(2);
  const promoted = await runCommand([...command, "--promote"], cwd);
  expect(promoted.code).toBe(0);
  expect(promoted.stdout.trim()).toBe(`${rosa.username} (id 1) was a participant; it is now an admin, with its email and password unchanged.`);
});

test("healthcheck exits 0 while the server on PORT is healthy and 1 once it is gone", async () => {
  const cwd = await emptyDir();
  program = await startProgram(FROM_SOURCE, cwd);
  const port = new URL(program.url).port;
  expect((await runCommand([...FROM_SOURCE, "healthcheck"], cwd, { PORT: port })).code).toBe(0);
  await program.stop();
  expect((await runCommand([...FROM_SOURCE, "healthcheck"], cwd, { PORT: port })).code).toBe(1);

  // What the start told the operator: no loopback address for phones, the one-time setup address, plain HTTP's cost.
  const log = await program.output();
  expect(log).toContain(`casefile listening on 0.0.0.0 port ${port} (plain HTTP)`);
  expect(log).not.toContain("http://127.0.0.1");
  expect(log).toContain(`on this machine: http://localhost:${port}`);
  const setup = /no admin yet: open this one-time address[^\n]*\n {2}http:\/\/\S+:(\d+)\/setup\?token=[\w-]{43}\n/.exec(log);
  expect(setup?.[1]).toBe(port);
  expect(log).toContain("warning: Plain HTTP: phones at a venue get no in-page camera or recorder");
  expect(log).toContain("warning: The briefing video is the built-in placeholder");
});

test("a server stopped right after its first answer still prints its start report (it comes after the first answers) before stopping", async () => {
  program = await startProgram(FROM_SOURCE, await emptyDir());
  expect(await program.stop()).toBe(0); // right after its first /healthz 200
  const log = await program.output();
  expect(log).toContain("casefile listening on 0.0.0.0 port");
  expect(log.indexOf("casefile listening on")).toBeLessThan(log.indexOf("SIGTERM: no new requests"));
  expect(log).toContain("casefile stopped");
});

test("a clean stop leaves the database whole in its file: a copy of casefile.db alone has what was sent", async () => {
  const cwd = await emptyDir();
  program = await startProgram(FROM_SOURCE, cwd);
  const { user } = await newParticipant(program.url);
  expect(await program.stop()).toBe(0);
  // What an operator copies with the server stopped: the database file, without the -wal beside it.
  const copy = path.join(cwd, "copy-of-casefile.db");
  await Bun.write(copy, Bun.file(path.join(cwd, "data/casefile.db")));
  const found = Bun.spawnSync(["sqlite3", copy, `select username from users where id = ${user.id}`]);
  expect([found.exitCode, found.stdout.toString().trim()]).toEqual([0, user.username]);
});

test("SIGTERM refuses new connections but lets a running upload finish, then exits 0", async () => {
  const cwd = await emptyDir();
  program = await startProgram(FROM_SOURCE, cwd);
  const { actor } = await newParticipant(program.url);
  const video = new Uint8Array(await (await paddedVideo(2 * 1024 * 1024)).arrayBuffer());
  const refusedNewRequests = Promise.withResolvers<void>();
  const upload = trickleUpload(`${program.url}/api/evidence`, actor.cookie, { title: "Late clip" }, { name: "clip.mp4", bytes: video }, {
    chunks: 10,
    delayMs: 50,
    holdBeforeEnd: refusedNewRequests.promise,
  });
  await Bun.sleep(300); // the upload is under way
  program.child.kill("SIGTERM");
  await Bun.sleep(200);
  await expect(fetch(`${program.url}/healthz`)).rejects.toThrow();
  refusedNewRequests.resolve();

  const response = await upload;
  expect(response.status).toBe(201);
  expect(await program.child.exited).toBe(0);
  expect(await program.output()).toContain("SIGTERM: no new requests");
});
