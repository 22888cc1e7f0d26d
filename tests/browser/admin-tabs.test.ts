/**
 * An admin works in several tabs of one browser (the desk, the audit log, the show): a page served over plain HTTP
 * gets at most six connections to the server, shared by every tab, so each tab may hold one live stream at most.
 * With two per tab (the show's and the desk's) three desk tabs took all six and every further request of every tab
 * waited: the desk never loaded. The tabs share one stream (web/features/live/liveHub.ts), here on the machine's own
 * address over plain HTTP, as at a venue.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { networkInterfaces } from "node:os";
import type { Browser, Request } from "playwright-core";
import { newParticipant, form } from "../support/client";
import { ADMIN, type TestServer } from "../support/server";
import { LAPTOP, openPage } from "./browser";
import { serverAndBrowser } from "./server-and-browser";

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
// Listening on every interface, so the tabs can use the machine's own address: plain HTTP there is not a secure
// context (no Web Locks, no crypto.randomUUID), as a venue's http://192.168.… is not.
serverAndBrowser((started) => ({ server, browser } = started), { HOST: "0.0.0.0" });
const lanAddress = Object.values(networkInterfaces()).flat().find((address) => address?.family === "IPv4" && !address.internal)?.address;

test("admin tabs share one live stream: four load and stay live, another tab takes over when one closes, a new login brings it back", async () => {
  const origin = lanAddress ? server.url.replace("127.0.0.1", lanAddress) : server.url;
  const { page: first, context, problems } = await openPage(browser, origin, LAPTOP);
  // The live streams open now (an SSE request never finishes while it is open).
  const streams = new Set<Request>();
  context.on("request", (request) => new URL(request.url()).pathname === "/api/events" && streams.add(request));
  context.on("requestfailed", (request) => streams.delete(request));
  context.on("requestfinished", (request) => streams.delete(request));
  const openStreams = () => [...streams].filter((request) => !request.frame().page().isClosed()).length;
  first.setDefaultTimeout(15_000);
  await first.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
  const me = (await (await first.request.get("/api/user")).json()) as { id: number };
  await first.request.put(`/api/user/watched/${me.id}`);
  const tabs = [first, ...(await Promise.all([1, 2, 3].map(() => context.newPage())))];
  const views = ["/admin", "/admin?view=audit&by=all", "/admin", "/admin/show"];
  for (const [index, tab] of tabs.entries()) {
    tab.setDefaultTimeout(15_000);
    await tab.goto(views[index]!);
  }
  if (lanAddress) expect(await first.evaluate(() => window.isSecureContext)).toBe(false);
  await tabs[0]!.getByText("Live", { exact: true }).waitFor();
  await tabs[2]!.getByText("Live", { exact: true }).waitFor();

  // An item sent now reaches both desks and the audit log live; the show tab still saves.
  const { actor } = await newParticipant(server.url);
  expect((await actor.post("/api/evidence", form({ title: "Sent while four tabs were open", notes: "n" }))).status).toBe(201);
  for (const desk of [tabs[0]!, tabs[2]!]) await desk.getByRole("table", { name: "All evidence" }).getByRole("button", { name: "Sent while four tabs were open" }).waitFor();
  await tabs[1]!.getByRole("list", { name: "Audit entries" }).getByText("sent a note 'Sent while four tabs", { exact: false }).first().waitFor();
  expect((await tabs[3]!.evaluate(() => fetch("/api/show").then((response) => response.status)))).toBe(200);
  expect(openStreams()).toBe(1);

  // The tab holding the stream closes: another takes it over and every view stays live.
  await tabs[0]!.close();
  expect((await actor.post("/api/evidence", form({ title: "Sent after the first tab closed", notes: "n" }))).status).toBe(201);
  await tabs[2]!.getByRole("table", { name: "All evidence" }).getByRole("button", { name: "Sent after the first tab closed" }).waitFor();
  await tabs[1]!.getByRole("list", { name: "Audit entries" }).getByText("sent a note 'Sent after the first tab", { exact: false }).first().waitFor();
  await tabs[2]!.getByText("Live", { exact: true }).waitFor();
  expect(openStreams()).toBe(1);

  // Logged out (the stream is refused) with only the audit tab left, then in again: a new desk tab goes live, the
  // stream being asked for again by the tab that holds it.
  await tabs[1]!.request.post("/api/user/logout");
  await Promise.all([tabs[2]!.close(), tabs[3]!.close()]);
  await tabs[1]!.getByText("Live updates unavailable").waitFor();
  await tabs[1]!.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
  const again = await context.newPage();
  again.setDefaultTimeout(15_000);
  await again.goto("/admin");
  await again.getByText("Live", { exact: true }).waitFor();
  expect((await actor.post("/api/evidence", form({ title: "Sent after logging in again", notes: "n" }))).status).toBe(201);
  await again.getByRole("table", { name: "All evidence" }).getByRole("button", { name: "Sent after logging in again" }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
