/** Raw tus 1.0 requests for API tests (fetch with the actor's cookie), and media big enough to send in pieces. */
import { readFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { box, concat } from "./av-bytes";
import { type Actor, FIXTURES } from "./client";

export const TUS = { "tus-resumable": "1.0.0" };
export const OFFSET_STREAM = "application/offset+octet-stream";

export const b64 = (text: string) => Buffer.from(text).toString("base64");
export const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

/** A real MP4 (tests/fixtures/clip.mp4) grown to about `bytes` with a `free` box of random bytes: sniffs as video. */
export async function videoOfSize(bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const clip = new Uint8Array(await readFile(path.join(FIXTURES, "clip.mp4")));
  const filler = crypto.getRandomValues(new Uint8Array(Math.max(0, bytes - clip.length - 8)));
  return concat(clip, box("free", filler)) as Uint8Array<ArrayBuffer>;
}

/** A request to the server as the actor (no cookie for a visitor), with Tus-Resumable unless told otherwise. */
export function tusRequest(actor: Actor, method: string, urlPath: string, headers: Record<string, string> = {}, body?: BodyInit) {
  return fetch(actor.baseUrl + urlPath, {
    method,
    headers: { ...TUS, ...(actor.cookie ? { cookie: actor.cookie } : {}), ...headers },
    body,
    redirect: "manual",
  });
}

/** POST /api/uploads; returns the upload's path (its Location) and the answer. */
export async function createUpload(actor: Actor, length: number, filename = "clip.mp4", extra: Record<string, string> = {}, body?: Uint8Array<ArrayBuffer>) {
  const headers = {
    "upload-length": String(length),
    "upload-metadata": `filename ${b64(filename)},filetype ${b64("video/mp4")}`,
    ...(body ? { "content-type": OFFSET_STREAM } : {}),
    ...extra,
  };
  const response = await tusRequest(actor, "POST", "/api/uploads", headers, body);
  return { response, location: response.headers.get("location") ?? "" };
}

export const patch = (actor: Actor, location: string, offset: number, bytes: Uint8Array<ArrayBuffer>, extra: Record<string, string> = {}) =>
  tusRequest(actor, "PATCH", location, { "upload-offset": String(offset), "content-type": OFFSET_STREAM, ...extra }, bytes);

export const head = (actor: Actor, location: string) => tusRequest(actor, "HEAD", location);

export async function offsetOf(actor: Actor, location: string): Promise<number> {
  const response = await head(actor, location);
  if (response.status !== 200) throw new Error(`HEAD ${location}: ${response.status}`);
  return Number(response.headers.get("upload-offset"));
}

/** Sends what the server lacks, as a tus client does after a break: HEAD, PATCH the rest; again on 409/423. */
export async function resume(actor: Actor, location: string, bytes: Uint8Array<ArrayBuffer>, pieceBytes = bytes.length): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const offset = await offsetOf(actor, location);
    if (offset === bytes.length) return;
    const response = await patch(actor, location, offset, bytes.subarray(offset, offset + pieceBytes));
    if (response.status === 204) continue;
    if (response.status !== 409 && response.status !== 423) throw new Error(`PATCH: ${response.status} ${await response.text()}`);
    await Bun.sleep(100);
  }
  throw new Error("the upload did not complete");
}

/** POST /api/evidence finalising the upload at location. */
export function finalise(actor: Actor, location: string, title = "Resumed clip", extra: Record<string, string> = {}) {
  const data = new FormData();
  data.append("title", title);
  data.append("upload", location.split("/").pop()!);
  for (const [name, value] of Object.entries(extra)) data.append(name, value);
  return actor.post("/api/evidence", data);
}

/**
 * A PATCH over a plain socket declaring `declared` bytes, of which only `first` are sent: the caller then sends more,
 * holds the connection open without sending (a frozen link), or drops it. `answered` is the reply's status (0 when
 * the connection closed without one).
 */
export async function rawPatch(actor: Actor, location: string, offset: number, declared: number, first: Uint8Array) {
  const { hostname, port } = new URL(actor.baseUrl);
  const socket: Socket = connect(Number(port), hostname);
  socket.on("error", () => {});
  await new Promise<void>((connected) => socket.once("connect", () => connected()));
  let reply = "";
  const answered = new Promise<number>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      reply += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(reply);
      if (status) resolve(Number(status[1]));
    });
    socket.on("close", () => resolve(0));
  });
  const head = [
    `PATCH ${location} HTTP/1.1`,
    `host: ${hostname}:${port}`,
    `cookie: ${actor.cookie}`,
    "tus-resumable: 1.0.0",
    `upload-offset: ${offset}`,
    `content-type: ${OFFSET_STREAM}`,
    `content-length: ${declared}`,
  ];
  socket.write([...head, "", ""].join("\r\n"));
  await new Promise<void>((written) => socket.write(first, () => written()));
  return { socket, answered };
}
