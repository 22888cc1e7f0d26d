/**
 * A bare tus 1.0 client for the ship tests: each request as tus-js-client would send it, with the actor's cookie, so a
 * test decides exactly where an upload is cut and on which instance it goes on.
 */
import { type Actor, form } from "../../support/client";

const TUS = { "tus-resumable": "1.0.0" };

/** Creates an upload of length bytes; returns its path (`/api/uploads/<id>`). */
export async function createUpload(actor: Actor, length: number, name = "clip.mp4", type = "video/mp4"): Promise<string> {
  const response = await fetch(`${actor.baseUrl}/api/uploads`, {
    method: "POST",
    headers: { ...TUS, cookie: actor.cookie, "upload-length": String(length), "upload-metadata": `filename ${btoa(name)},filetype ${btoa(type)}` },
  });
  if (response.status !== 201) throw new Error(`creating an upload answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get("location")!, actor.baseUrl).pathname;
}

export const uploadId = (uploadPath: string) => uploadPath.split("/").pop()!;

/** The server's offset of the upload (HEAD). */
export async function offsetOf(actor: Actor, uploadPath: string): Promise<number> {
  const response = await fetch(actor.baseUrl + uploadPath, { method: "HEAD", headers: { ...TUS, cookie: actor.cookie } });
  if (response.status !== 200) throw new Error(`HEAD answered ${response.status}`);
  return Number(response.headers.get("upload-offset"));
}

/** One PATCH of body at offset; contentLength is what the request announces (a body may stop short of it). */
export function patch(
  actor: Actor,
  uploadPath: string,
  offset: number,
  body: Uint8Array | ReadableStream<Uint8Array>,
  { contentLength, signal }: { contentLength?: number; signal?: AbortSignal } = {},
): Promise<Response> {
  const length = contentLength ?? (body instanceof Uint8Array ? body.length : undefined);
  return fetch(actor.baseUrl + uploadPath, {
    method: "PATCH",
    headers: {
      ...TUS,
      cookie: actor.cookie,
      "content-type": "application/offset+octet-stream",
      "upload-offset": String(offset),
      ...(length === undefined ? {} : { "content-length": String(length) }),
    },
    body: body as BodyInit,
    signal,
    // @ts-expect-error Bun and undici want duplex for streamed request bodies
    duplex: "half",
  });
}

/**
 * A PATCH body that sends bytes up to `until`, then waits: the request stays open, half sent, until the caller cuts
 * it (client abort, server killed). `sent` settles once those bytes have been handed to the connection.
 */
export function halfSentBody(bytes: Uint8Array, until: number, chunk = 256 * 1024) {
  const { promise: sent, resolve } = Promise.withResolvers<void>();
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at < until) {
        const end = Math.min(at + chunk, until);
        controller.enqueue(bytes.slice(at, end));
        at = end;
        return;
      }
      resolve();
      await new Promise(() => {}); // never more: the request is cut from outside
    },
  });
  return { body, sent };
}

/** Sends the rest of bytes from the server's offset in PATCHes of at most patchBytes; returns the final offset. */
export async function sendRest(actor: Actor, uploadPath: string, bytes: Uint8Array, patchBytes: number): Promise<number> {
  let offset = await offsetOf(actor, uploadPath);
  while (offset < bytes.length) {
    const response = await patch(actor, uploadPath, offset, bytes.subarray(offset, Math.min(offset + patchBytes, bytes.length)));
    if (response.status !== 204) throw new Error(`PATCH at ${offset} answered ${response.status}: ${await response.text()}`);
    offset = Number(response.headers.get("upload-offset"));
  }
  return offset;
}

/** Turns a finished upload into an item (POST /api/evidence with upload=<id>). */
export function finalise(actor: Actor, uploadPath: string, title = "Sent in pieces"): Promise<Response> {
  return actor.post("/api/evidence", form({ upload: uploadId(uploadPath), title, notes: "", location: "" }));
}
