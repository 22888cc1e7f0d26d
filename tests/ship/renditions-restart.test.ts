/**
 * A rendition job cut off by `kill -9` is finished after a restart: the server runs as its own process, is killed
 * while ffmpeg copies an HEVC video, and started again on the same database and media folder; once the dead holder's
 * lease runs out the job is taken again and the display copy appears.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, setDefaultTimeout, test } from "bun:test";
import { createClient } from "@libsql/client";
import { Actor, form, newParticipant } from "../support/client";
import { hevcVideo } from "../support/phone-video";
import { FROM_SOURCE, type Program, startProgram } from "./support/program";

setDefaultTimeout(120_000);

let program: Program | undefined;
let cwd: string | undefined;

afterEach(async () => {
  await program?.stop();
  if (cwd) await rm(cwd, { recursive: true, force: true });
});

test("a job interrupted by kill -9 is taken again after the restart and its renditions appear", async () => {
  cwd = await mkdtemp(path.join(tmpdir(), "casefile-renditions-restart-"));
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin" };
  program = await startProgram(FROM_SOURCE, cwd, env);
  const { actor } = await newParticipant(program.url);
  const created = await actor.post("/api/evidence", form({ title: "iPhone video" }, { file: await hevcVideo("1920x1080", 12) }));
  expect(created.status).toBe(201);
  const item = await created.json();

  const db = createClient({ url: `file:${path.join(cwd, "data/casefile.db")}` });
  // The video's job (the sender's selfie has one too).
  const mediaId = (item.aws_url as string).split("/").pop();
  const jobState = async () => {
    const [row] = (await db.execute({ sql: "select state, attempts from jobs where kind = 'renditions' and subject = ?", args: [mediaId!] })).rows;
    return row ? { state: row.state, attempts: row.attempts } : undefined;
  };
  const until = Date.now() + 30_000;
  while ((await jobState())?.state !== "running" && Date.now() < until) await Bun.sleep(100);
  expect(await jobState()).toEqual({ state: "running", attempts: 1 });
  program.child.kill("SIGKILL");
  await program.child.exited;

  program = await startProgram(FROM_SOURCE, cwd, env);
  const again = Object.assign(new Actor(program.url), { cookie: actor.cookie });
  const deadline = Date.now() + 90_000;
  let listed: { renditions: { kind: string; mime: string }[] } | undefined;
  while (Date.now() < deadline) {
    listed = (await (await again.get("/api/evidence")).json()).find((i: { id: number }) => i.id === item.id);
    if (listed!.renditions.some((r) => r.kind === "display")) break;
    await Bun.sleep(500);
  }
  expect(listed!.renditions.find((r) => r.kind === "display")?.mime).toBe("video/mp4");
  expect(await jobState()).toEqual({ state: "done", attempts: 2 });
  db.close();
});
