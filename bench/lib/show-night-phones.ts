/**
 * The crowd of bench/show-night.ts, in its own process (so the admin's timings in the parent are not delayed by this
 * event loop, and so BUN_CONFIG_MAX_HTTP_REQUESTS can lift fetch's default of 256 requests in flight).
 *   bun bench/lib/show-night-phones.ts <plan.json>   → writes the phones' reports to plan.out
 * Phones arrive spread evenly over `rampSeconds`; each link's rate is drawn from [minKbps, maxKbps].
 */
import { Phone, type PhoneReport, type Transport } from "./phone";
import { baseMedia, crowdVideo, taggedJpeg, taggedMp4 } from "./show-night-media";

export type CrowdPlan = {
  baseUrl: string;
  phones: number;
  rampSeconds: number;
  minKbps: number;
  maxKbps: number;
  dropRate: number;
  photoTransport: Transport;
  clipTransport: Transport;
  seed: number;
  /** mixed: three photos and a 60 s clip per phone; video: one ~8 MB video per phone. */
  crowd: "mixed" | "video";
  out: string;
};

/** mulberry32: the same seed gives the same links, drop points and arrival order. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const plan = (await Bun.file(process.argv[2]!).json()) as CrowdPlan;
const { photos, clip } = await baseMedia();
const video = plan.crowd === "video" ? await crowdVideo() : undefined;
const random = seeded(plan.seed);
const started = performance.now();

const reports = await Promise.all(
  Array.from({ length: plan.phones }, async (_, index): Promise<PhoneReport> => {
    const kbps = plan.minKbps + (plan.maxKbps - plan.minKbps) * random();
    const tag = (what: string) => `casefile show-night phone ${index} ${what}`;
    const phoneRandom = seeded(plan.seed * 7919 + index);
    await Bun.sleep((plan.rampSeconds * 1000 * index) / plan.phones);
    // Tagged (and hashed) on arrival, so the crowd's start is not one long hashing pause.
    const phone = new Phone({
      baseUrl: plan.baseUrl,
      index,
      link: { bytesPerSec: (kbps * 1000) / 8, bytesSent: 0 },
      dropRate: plan.dropRate,
      random: phoneRandom,
      selfie: taggedJpeg(photos[0]!, tag("selfie"), "selfie.jpg"),
      items: video
        ? [{ title: `Phone ${index} video`, kind: "clip" as const, transport: plan.clipTransport, payload: taggedMp4(video, tag("video"), `VID_${index}.mp4`) }]
        : [
            ...photos.map((photo, k) => ({ title: `Phone ${index} photo ${k + 1}`, kind: "photo" as const, transport: plan.photoTransport, payload: taggedJpeg(photo, tag(`photo ${k + 1}`), `IMG_${index}_${k + 1}.jpg`) })),
            { title: `Phone ${index} clip`, kind: "clip" as const, transport: plan.clipTransport, payload: taggedMp4(clip, tag("clip"), `VID_${index}.mp4`) },
          ],
    });
    return phone.run();
  }),
);

await Bun.write(plan.out, JSON.stringify({ seconds: (performance.now() - started) / 1000, reports }));
