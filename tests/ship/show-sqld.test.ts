/** The show on two instances of one libSQL server (sqld): a change made through one is served by the other at once. */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Actor, form } from "../support/client";
import { startTwoInstances, type TwoInstances } from "./support/instances";

setDefaultTimeout(60_000);

let instances: TwoInstances;
let media: string;

beforeAll(async () => {
  media = await mkdtemp(path.join(tmpdir(), "casefile-show-media-"));
  // One media folder for both, as one bucket would be; no admin, so each start makes a setup token.
  instances = await startTwoInstances({ PROJECT_NAME: "", UPLOADS_DIR: media, ADMIN_USERNAME: "", ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
}, 60_000);
afterAll(async () => {
  await instances?.stop();
  await rm(media, { recursive: true, force: true });
});

const show = async (url: string) => (await (await fetch(`${url}/api/show`)).json()) as Record<string, any>;

/** Reads an SSE stream until an event of that name arrives; returns its data. */
async function nextEvent(response: Response, name: string): Promise<unknown> {
  const reader = response.body!.getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended");
    text += new TextDecoder().decode(value);
    const match = new RegExp(`event: ${name}\\ndata: (.*)\\n`).exec(text);
    if (match) {
      await reader.cancel();
      return JSON.parse(match[1]!);
    }
  }
}

test("the setup token of the latest start works on either instance, once", async () => {
  const { first, second } = instances;
  // The second start replaced the first's token: the address it printed is the one that works, on any instance.
  expect(first.setupToken).not.toBe(second.setupToken);
  const admin = { username: "curator", full_name: "Ada Curator", email: "ada@gallery.example", phone_number: "5550001111", password: "harbour-nights" };
  expect((await new Actor(first.url).post("/api/setup", { ...admin, token: first.setupToken })).status).toBe(403);
  const browser = new Actor(first.url);
  expect((await browser.post("/api/setup", { ...admin, token: second.setupToken })).status).toBe(201);
  expect((await new Actor(second.url).post("/api/setup", { ...admin, username: "two", email: "t@x.example", token: second.setupToken })).status).toBe(409);
});

test("texts and media changed through one instance are served by the other at once, and its admins hear of it", async () => {
  const { first, second } = instances;
  const adminOne = new Actor(first.url);
  expect((await adminOne.login("curator", "harbour-nights")).status).toBe(200);
  const adminTwo = new Actor(second.url);
  expect((await adminTwo.login("curator", "harbour-nights")).status).toBe(200);
  // Both have read (and cached) the defaults.
  expect((await show(first.url)).ticket_warning).toBe((await show(second.url)).ticket_warning);

  const events = await adminTwo.get("/api/events");
  const heard = nextEvent(events, "show");
  const saved = await adminOne.put("/api/show", { instructions: ["Meet at Pier 4."], accent_color: "#0f766e" });
  expect(saved.status).toBe(200);
  const version = (await saved.json()).version;
  expect(await heard).toEqual({ version });

  const other = await show(second.url);
  expect([other.version, other.instructions, other.accent_color]).toEqual([version, ["Meet at Pier 4."], "#0f766e"]);
  expect(await (await fetch(`${second.url}/theme.css`)).text()).toContain("--accent:#0f766e");
  expect((await (await fetch(`${second.url}/api/config`)).json()).accentColor).toBe("#0f766e");

  const logo = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>';
  const uploaded = await adminTwo.put("/api/show/media/logo", form({}, { file: new File([logo], "logo.svg") }));
  expect(uploaded.status).toBe(200);
  const url = (await uploaded.json()).media.logo.url;
  expect((await show(first.url)).media.logo.url).toBe(url);
  expect(await (await fetch(`${first.url}${url}`)).text()).toBe(logo);
  expect(await (await fetch(`${first.url}/brand/logo`)).text()).toBe(logo);
});
