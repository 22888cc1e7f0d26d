/**
 * A phone's uplink for bench/show-night.ts: request bodies are streamed in small chunks no faster than the link's
 * rate, and a request may be dropped part-way (the client aborts it, as a phone losing the venue's Wi-Fi does).
 */
import type { Payload } from "./show-night-media";

const CHUNK = 16 * 1024;

export class Dropped extends Error {
  constructor(readonly at: number) {
    super(`dropped after ${at} bytes`);
  }
}

export type Link = { bytesPerSec: number; bytesSent: number };

/** A body made of views: a multipart envelope around a payload, or a tus PATCH's slice of one. */
export type Body = { parts: Uint8Array[]; size: number };

const enc = new TextEncoder();

/** multipart/form-data with text fields and at most one file part (the payload's views are not copied). */
export function multipart(fields: Record<string, string>, file?: { field: string; payload: Payload }): Body & { type: string } {
  const boundary = `----showNight${crypto.randomUUID().replaceAll("-", "")}`;
  let head = "";
  for (const [name, value] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const parts: Uint8Array[] = [];
  if (file) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.payload.name}"\r\nContent-Type: ${file.payload.mime}\r\n\r\n`;
    parts.push(enc.encode(head), ...file.payload.parts, enc.encode(`\r\n--${boundary}--\r\n`));
  } else {
    parts.push(enc.encode(`${head}--${boundary}--\r\n`));
  }
  return { parts, size: parts.reduce((n, p) => n + p.length, 0), type: `multipart/form-data; boundary=${boundary}` };
}

/** The bytes of `parts` from `offset` on (views, for a resumed tus PATCH). */
export function sliceFrom(parts: Uint8Array[], offset: number): Body {
  const out: Uint8Array[] = [];
  let skip = offset;
  for (const part of parts) {
    if (skip >= part.length) {
      skip -= part.length;
      continue;
    }
    out.push(skip ? part.subarray(skip) : part);
    skip = 0;
  }
  return { parts: out, size: out.reduce((n, p) => n + p.length, 0) };
}

/**
 * The body as a paced stream: chunk i leaves no earlier than its share of the link's time. When `dropAt` is given,
 * the request is aborted once that many bytes have left.
 */
async function* paced(body: Body, link: Link, abort: AbortController, dropAt: number | undefined): AsyncGenerator<Uint8Array> {
  const started = performance.now();
  let sent = 0;
  for (const part of body.parts) {
    for (let at = 0; at < part.length; at += CHUNK) {
      if (dropAt !== undefined && sent >= dropAt) {
        abort.abort(new Dropped(sent)); // the fetch rejects with this; the stream just stops
        return;
      }
      const due = started + (sent / link.bytesPerSec) * 1000;
      const wait = due - performance.now();
      if (wait > 1) await Bun.sleep(wait);
      const chunk = part.subarray(at, Math.min(part.length, at + CHUNK));
      sent += chunk.length;
      link.bytesSent += chunk.length;
      yield chunk;
    }
  }
}

/**
 * Sends a request whose body goes over the link; throws Dropped when it was dropped. The whole exchange is bounded:
 * twice the body's time on the link plus two minutes.
 */
export async function sendOverLink(
  url: string,
  init: { method: string; headers: Record<string, string> },
  body: Body,
  link: Link,
  dropAt?: number,
): Promise<Response> {
  const abort = new AbortController();
  const limitMs = (2 * body.size * 1000) / link.bytesPerSec + 120_000;
  try {
    return await fetch(url, {
      method: init.method,
      headers: { ...init.headers, "content-length": String(body.size) },
      body: (body.size ? paced(body, link, abort, dropAt) : "") as unknown as BodyInit,
      signal: AbortSignal.any([abort.signal, AbortSignal.timeout(limitMs)]),
    });
  } catch (error) {
    if (abort.signal.aborted) throw abort.signal.reason as Dropped;
    throw error;
  }
}
