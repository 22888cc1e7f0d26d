/**
 * The real tus-js-client (its Node build, on Bun) against the real server, as the web app uses it: small chunks,
 * aborted mid-chunk, resumed by a new client from the upload's URL (as after a reload), then finalised.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import * as tus from "tus-js-client";
import { newParticipant, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { finalise, sha256, videoOfSize } from "../../tests/support/tus";

let server: TestServer;
let owner: Participant;

beforeAll(async () => {
  server = await startTestServer();
  owner = await newParticipant(server.url);
});
afterAll(() => server.stop());

const CHUNK = 256 * 1024;

/** Starts an upload of bytes; resolves with its URL when done, or when `stopAfter` bytes went out (then aborted). */
function send(bytes: Uint8Array, options: { uploadUrl?: string; stopAfter?: number }): Promise<{ url: string; done: boolean }> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(Buffer.from(bytes), {
      endpoint: `${server.url}/api/uploads`,
      uploadUrl: options.uploadUrl,
      chunkSize: CHUNK,
      retryDelays: [100, 500, 1000],
      headers: { cookie: owner.actor.cookie },
      metadata: { filename: "evening clip.mp4", filetype: "video/mp4" },
      onProgress(sent) {
        if (options.stopAfter === undefined || sent < options.stopAfter) return;
        upload.abort().then(() => resolve({ url: upload.url!, done: false }), reject);
      },
      onSuccess: () => resolve({ url: upload.url!, done: true }),
      onError: reject,
    });
    upload.start();
  });
}

test("tus-js-client uploads in small chunks, is aborted mid-chunk, resumes from the URL, and the item is exact", async () => {
  const video = await videoOfSize(1024 * 1024 + 777);
  const first = await send(video, { stopAfter: CHUNK + CHUNK / 2 });
  expect(first.done).toBe(false);
  expect(first.url).toStartWith(`${server.url}/api/uploads/`);

  const described = await fetch(first.url, { method: "HEAD", headers: { "tus-resumable": "1.0.0", cookie: owner.actor.cookie } });
  const offset = Number(described.headers.get("upload-offset"));
  expect(offset).toBeGreaterThanOrEqual(CHUNK);
  expect(offset).toBeLessThan(video.length);

  const resumed = await send(video, { uploadUrl: first.url });
  expect(resumed).toEqual({ url: first.url, done: true });

  const created = await finalise(owner.actor, new URL(first.url).pathname, "Evening clip");
  expect(created.status).toBe(201);
  expect(((await created.json()) as { media: { sha256: string; size: number } }).media).toMatchObject({ sha256: sha256(video), size: video.length });
});
