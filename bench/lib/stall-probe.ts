/**
 * Another visitor, in a process of its own (so the bench's own sending does not delay it): asks for `<url>/healthz`
 * one request after the other until a line arrives on stdin, then prints its slowest answer in ms and ends.
 *   bun bench/lib/stall-probe.ts <url>
 */
export {};

const url = process.argv[2];
let stopped = false;
let slowest = 0;
const running = (async () => {
  while (!stopped) {
    const started = performance.now();
    await (await fetch(`${url}/healthz`)).arrayBuffer();
    slowest = Math.max(slowest, performance.now() - started);
    await Bun.sleep(2);
  }
})();
for await (const _ of console) break;
stopped = true;
await running;
console.log(slowest.toFixed(1));
