/**
 * A multipart evidence upload whose body trickles in, to hold a request open (e.g. across a SIGTERM or a backup).
 * With holdBeforeEnd the last part of the body is sent only once that promise settles, so "still running" does not
 * depend on how fast the machine is.
 */
export function trickleUpload(
  url: string,
  cookie: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array },
  { chunks, delayMs, holdBeforeEnd }: { chunks: number; delayMs: number; holdBeforeEnd?: Promise<unknown> },
): Promise<Response> {
  const boundary = `----casefile${crypto.randomUUID()}`;
  const encoder = new TextEncoder();
  const fieldParts = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const head = encoder.encode(
    `${fieldParts}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const size = Math.ceil(file.bytes.length / chunks);
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === -1) controller.enqueue(head);
      else if (sent * size < file.bytes.length) {
        await Bun.sleep(delayMs);
        controller.enqueue(file.bytes.subarray(sent * size, (sent + 1) * size));
      } else {
        await holdBeforeEnd;
        controller.enqueue(tail);
        controller.close();
      }
      sent++;
    },
  });
  return fetch(url, {
    method: "POST",
    body,
    headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    // @ts-expect-error Bun and undici want duplex for streamed request bodies
    duplex: "half",
  });
}
