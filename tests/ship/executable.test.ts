/**
 * `npm run build` → dist/casefile, copied ALONE into an empty directory and run with no environment but PORT:
 * it must serve the app and the API, and keep its data across a restart.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { X509Certificate } from "node:crypto";
import { copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Actor, fixture, form, registrationFields } from "../support/client";
import { cameraJpeg } from "../support/crafted-bytes";
import { BUN, REPO, runCommand, startProgram, type Program } from "./support/program";
import { sha256 } from "./support/media";
import { createUpload, finalise, patch, videoOfSize } from "../support/tus";

// These start real processes and servers; bun test's 5 s default is too tight on a busy 2-core machine.
setDefaultTimeout(60_000);

let dir: string;
let exe: string;
let program: Program | undefined;

beforeAll(async () => {
  // npm test built dist/web before any test, and the browser tests run from it meanwhile (scripts/test.ts).
  const build = await runCommand([BUN, path.join(REPO, "scripts/build-exe.ts")], REPO, { PATH: process.env.PATH ?? "", CASEFILE_WEB_BUILT: "1" });
  if (build.code !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
  dir = await mkdtemp(path.join(tmpdir(), "casefile-exe-"));
  exe = path.join(dir, "casefile");
  await copyFile(path.join(REPO, "dist/casefile"), exe);
}, 240_000);

afterAll(async () => {
  if (program?.child.exitCode === null) await program.stop();
  await rm(dir, { recursive: true, force: true });
});

test("the executable, away from any checkout, knows the commit it was built from (--version)", async () => {
  const head = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: REPO }).stdout.toString().trim();
  const shown = await runCommand([exe, "--version"], dir);
  expect(shown.code).toBe(0);
  expect(shown.stdout.trim()).toMatch(new RegExp(`^\\d+\\.\\d+\\.\\d+\\+${head}(-dirty)?$`));
});

const user = registrationFields();
let mediaUrl = "";
let mediaHash = "";

test("the copied executable starts with only PORT set and serves the app: HTML, its JS and its CSS", async () => {
  expect(await readdir(dir)).toEqual(["casefile"]);
  program = await startProgram([exe], dir);
  const page = await fetch(`${program.url}/`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const style = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  expect(style).toBeDefined();
  const js = await fetch(program.url + script);
  expect(js.headers.get("content-type")).toStartWith("text/javascript");
  expect((await js.text()).length).toBeGreaterThan(10_000);
  const css = await fetch(program.url + style);
  expect(css.headers.get("content-type")).toStartWith("text/css");
  expect((await css.text()).length).toBeGreaterThan(1_000);
  // Client routes get the app too, and the placeholder media are embedded.
  expect(await (await fetch(`${program.url}/archive`)).text()).toBe(html);
  expect((await fetch(`${program.url}/logo.svg`)).status).toBe(200);
  // The service worker is embedded as well, at the root, revalidated at every visit, precaching this very bundle.
  const worker = await fetch(`${program.url}/sw.js`);
  expect(worker.headers.get("cache-control")).toBe("no-cache");
  expect(await worker.text()).toContain(`"${script}"`);
});

test("registration, login and an upload work, with data and media created in the working directory", async () => {
  const actor = new Actor(program!.url);
  const registered = await actor.post("/api/user/register", form(user, { verification_photo: await fixture("photo.jpg") }));
  expect(registered.status).toBe(201);
  expect((await actor.login(user.username, user.password)).status).toBe(200);
  const clip = await fixture("clip.mp4");
  const created = await actor.post("/api/evidence", form({ title: "Packaged clip" }, { file: clip }));
  expect(created.status).toBe(201);
  mediaUrl = ((await created.json()) as { aws_url: string }).aws_url;
  mediaHash = sha256(await clip.arrayBuffer());
  expect(sha256(await (await actor.get(mediaUrl)).arrayBuffer())).toBe(mediaHash);
  expect((await readdir(dir)).sort()).toEqual(["casefile", "data", "uploads"]);
});

test("the media thread runs inside the executable: a camera's photo gets its public copy beside the original", async () => {
  const actor = new Actor(program!.url);
  expect((await actor.login(user.username, user.password)).status).toBe(200);
  const photo = new File([cameraJpeg() as Uint8Array<ArrayBuffer>], "camera.jpg", { type: "image/jpeg" });
  const created = await actor.post("/api/evidence", form({ title: "Packaged photo" }, { file: photo }));
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { aws_url: string }).aws_url.split("/").pop()!;
  // Without the thread's program (an entry of the executable) the copy would be withheld and no .public file written.
  expect((await readdir(path.join(dir, "uploads", "evidence"))).filter((name) => name.startsWith(id)).sort()).toEqual([id, `${id}.public`]);
});

test("a resumable upload sent in two PATCHes (the second joined by the kernel's copy) is hashed on the media thread inside the executable: the item has the sent file's SHA-256", async () => {
  const actor = new Actor(program!.url);
  expect((await actor.login(user.username, user.password)).status).toBe(200);
  const video = await videoOfSize(3 * 1024 * 1024 + 5);
  const { response, location } = await createUpload(actor, video.length, "packaged video.mp4");
  expect(response.status).toBe(201);
  const half = 1024 * 1024;
  expect((await patch(actor, location, 0, video.subarray(0, half))).status).toBe(204);
  expect((await patch(actor, location, half, video.subarray(half))).status).toBe(204);
  const created = await finalise(actor, location, "Packaged video");
  expect(created.status).toBe(201);
  expect(((await created.json()) as { media: { sha256: string; size: number } }).media).toMatchObject({ sha256: sha256(video), size: video.length });
});

test("a 12 MiB video sent as one form is copied out of its body and given its public copy by the media thread inside the executable", async () => {
  const actor = new Actor(program!.url);
  expect((await actor.login(user.username, user.password)).status).toBe(200);
  const video = await videoOfSize(12 * 1024 * 1024);
  const created = await actor.post("/api/evidence", form({ title: "Packaged long video" }, { file: new File([video], "long.mp4", { type: "video/mp4" }) }));
  expect(created.status).toBe(201);
  const item = (await created.json()) as { aws_url: string; media: { sha256: string; size: number } };
  expect(item.media).toMatchObject({ sha256: sha256(video), size: video.length });
  const id = item.aws_url.split("/").pop()!;
  expect((await readdir(path.join(dir, "uploads", "evidence"))).filter((name) => name.startsWith(id)).sort()).toEqual([id, `${id}.public`]);
});

test("after a stop and a new start the account, the item and its media are still there", async () => {
  expect(await program!.stop()).toBe(0);
  // The media thread hashed the resumable upload: the request thread stands in only when that thread cannot.
  expect(await program!.output()).not.toContain("hashed on the request thread");
  // libc reached through bun:ffi: without it a resumed upload's pieces and public copies are copied through memory.
  expect(await program!.output()).not.toContain("libc is not reachable");
  program = await startProgram([exe], dir);
  const actor = new Actor(program.url);
  expect((await actor.login(user.username, user.password)).status).toBe(200);
  const items = (await (await actor.get("/api/evidence")).json()) as { title: string; aws_url: string }[];
  expect(items.map((item) => item.title).sort()).toEqual(["Packaged clip", "Packaged long video", "Packaged photo", "Packaged video"]);
  expect(sha256(await (await actor.get(mediaUrl)).arrayBuffer())).toBe(mediaHash);
});

test("the executable refuses to start when TMPDIR (where it unpacks libSQL's addon) is not writable", async () => {
  const result = await runCommand([exe], dir, { PORT: "0", TMPDIR: path.join(dir, "no-such-dir") });
  expect(result.code).toBe(1);
  expect(result.stderr.trim()).toStartWith("Invalid configuration: TMPDIR");
});

test("TLS=self-signed: the executable makes its certificate (the selfsigned package is bundled) and serves the app over HTTPS", async () => {
  expect(await program!.stop()).toBe(0);
  program = await startProgram([exe], dir, { TLS: "self-signed" });
  expect(program.url).toStartWith("https://");
  const cert = await Bun.file(path.join(dir, "data/tls/cert.pem")).text();
  const page = await fetch(`${program.url}/`, { tls: { ca: cert } });
  expect(await page.text()).toContain('<script type="module" src="/assets/');
  expect(await program.stop()).toBe(0);
  // The start told the operator the fingerprint to compare on a phone.
  expect(await program.output()).toContain(`(compare it on a phone): ${new X509Certificate(cert).fingerprint256}`);
});
