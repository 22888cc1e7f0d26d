/**
 * bench/hostile.ts's request-count input (issue 42): 10,000 anonymous requests for unique made-up paths, the way the
 * round-four attack grew /metrics by 155 MB. Reports the scrape's size before and after (budget: within 10 %), the
 * server's CPU and peak RSS above idle while they are answered, and the slowest /healthz meanwhile.
 */
import type { Child } from "./proc";
import { cpuSeconds, rssKiB, sampleRss } from "./proc";

export const UNIQUE_404S = 10_000;
export const METRICS_TOKEN = "bench-metrics-token-0123456789";
const CONCURRENCY = 16;

const madeUp = (i: number) => {
  const token = `${i}-${crypto.randomUUID().slice(0, 8)}`;
  return [`/api/x${token}`, `/api/evidence/nothing/${token}`, `/api/media/${token}/x/${token}`, `/show-media/${token}`, `/brand/${token}`, `/Api/${token}`][i % 6]!;
};

export type UniqueNotFounds = { statuses: string; cpuS: number; rssMiB: number; scrapeBefore: number; scrapeAfter: number; stallMs: number };

export async function uniqueNotFounds(server: Child, watchStalls: (url: string) => Promise<{ stop(): Promise<number> }>, settle: (pid: number) => Promise<void>): Promise<UniqueNotFounds> {
  const scrape = async () => (await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).arrayBuffer()).byteLength;
  const statuses = new Set<number>();
  const send = async (from: number, count: number) => {
    let next = from;
    const worker = async () => {
      while (next < from + count) {
        const i = next++;
        const response = await fetch(server.url + madeUp(i), i % 7 === 0 ? { method: "POST", body: "" } : {});
        await response.arrayBuffer();
        statuses.add(response.status);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  };
  await send(0, 60); // every kind of path once, so its labels exist before the measure
  await scrape();
  await settle(server.pid);
  const scrapeBefore = await scrape();
  const rssBefore = ((await rssKiB(server.pid)) ?? 0) / 1024;
  const cpuBefore = await cpuSeconds(server.pid);
  const sampler = sampleRss(server.pid, 10, 300);
  const stalls = await watchStalls(server.url);
  statuses.clear();
  await send(60, UNIQUE_404S);
  const stallMs = await stalls.stop();
  const rss = await sampler.stop();
  const cpuS = (await cpuSeconds(server.pid)) - cpuBefore;
  return { statuses: [...statuses].sort().join("/"), cpuS, rssMiB: Math.max(0, rss.peakMiB - rssBefore), scrapeBefore, scrapeAfter: await scrape(), stallMs };
}
