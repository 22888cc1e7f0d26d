/**
 * Counters of this instance's requests for /metrics: by route label (route-labels.ts: the router's patterns, so the
 * number of series is bounded whatever is requested), method label and status; a latency histogram per route; upload
 * bytes received and uploads in flight.
 */
export const LATENCY_BUCKETS = [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10, 60];

/** Requests that carry an upload's bytes. */
const isUpload = (method: string, route: string) => (method === "POST" && route === "/api/evidence") || (method === "PATCH" && route === "/api/uploads/:id");

type Latency = { buckets: number[]; sum: number; count: number };

export class RequestMetrics {
  readonly requests = new Map<string, number>();
  readonly latency = new Map<string, Latency>();
  uploadBytes = 0;
  uploadsInFlight = 0;

  /** Call when a request starts; the returned function when its answer is ready. */
  start(method: string, route: string, declaredBytes: number): (status: number) => void {
    const upload = isUpload(method, route);
    const began = performance.now();
    if (upload) this.uploadsInFlight++;
    return (status) => {
      const seconds = (performance.now() - began) / 1000;
      if (upload) {
        this.uploadsInFlight--;
        if (status < 400) this.uploadBytes += declaredBytes;
      }
      const key = JSON.stringify([route, method, String(status)]);
      this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
      const latency = this.latency.get(route) ?? { buckets: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 };
      LATENCY_BUCKETS.forEach((bound, i) => {
        if (seconds <= bound) latency.buckets[i]!++;
      });
      latency.sum += seconds;
      latency.count++;
      this.latency.set(route, latency);
    };
  }
}
