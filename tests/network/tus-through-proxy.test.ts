/**
 * The tus protocol over a bad link, without a browser: tus-js-client (its Node build, as a phone's client would
 * behave) sends a video through the fault proxy while the link is reset mid-request and frozen. The upload resumes
 * from the server's offset rather than from zero, finishes, and finalises into one item with the file's exact SHA-256.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Upload } from "tus-js-client";
import { newParticipant, form, type Participant } from "../support/client";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { paddedMp4, type PaddedVideo } from "../support/padded-video";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let proxy: FaultProxy;
let owner: Participant;
let video: PaddedVideo;

beforeAll(async () => {
  server = await startTestServer();
  // 4 Mbit/s: slow enough to cut the upload at chosen points, fast enough for a short test.
  proxy = await startFaultProxy(server.url, { up: 4_000_000 });
  owner = await newParticipant(server.url);
  video = await paddedMp4(3 * 1024 * 1024);
});

afterAll(async () => {
  await proxy?.close();
  await server?.stop();
  await video?.remove();
});

test("an upload cut by a reset and held by a freeze resumes from the server's offset and arrives intact", async () => {
  const progress: number[] = [];
  let uploadUrl = "";
  const finished = new Promise<void>((resolve, reject) => {
    const upload = new Upload(Buffer.from(video.bytes), {
      endpoint: `${proxy.url}/api/uploads`,
      headers: { cookie: owner.actor.cookie },
      metadata: { filename: video.name, filetype: "video/mp4" },
      // One PATCH for the whole file: a cut keeps what the server stored, so the retry's HEAD finds a real offset.
      retryDelays: [0, 500, 1000, 2000, 4000],
      onUploadUrlAvailable: () => void (uploadUrl = upload.url!),
      onProgress: (sent) => progress.push(sent),
      onSuccess: () => resolve(),
      onError: reject,
    });
    upload.start();
  });

  await proxy.forwarded("up", video.size / 3);
  proxy.reset();
  // The retry asks the server where it stands and sends only the rest.
  await proxy.forwarded("up", (video.size * 2) / 3);
  proxy.freeze(2000);
  await finished;

  expect(proxy.stats().resets).toBe(1);
  expect(progress.at(-1)).toBe(video.size);
  // Bytes the client pushed through the link: the file once, plus what was in flight at the reset (what had passed
  // the proxy beyond the server's last stored offset: up to ~0.25 × the size on a loaded machine) and the requests'
  // headers. Starting over after the reset would send the third already through again: at least 4/3 × the size.
  expect(proxy.stats().up).toBeLessThan((video.size * 4) / 3);

  const id = new URL(uploadUrl).pathname.split("/").pop()!;
  const created = await owner.actor.post("/api/evidence", form({ upload: id, title: "Over the venue's Wi-Fi", notes: "", location: "" }));
  expect(created.status).toBe(201);
  const item = (await created.json()) as { id: number; media: { size: number; sha256: string } };
  expect(item.media).toMatchObject({ size: video.size, sha256: video.sha256 });
});
