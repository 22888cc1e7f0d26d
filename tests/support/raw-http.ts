/**
 * HTTP/1.1 over a raw socket, for what fetch will not do: declare a Content-Length and send none of the body, or keep
 * sending a chunked body for as long as the server lets it. Either way the server has to answer without the body.
 */
export type RawReply = { status: number; headers: string; message: string; bodyBytesSent: number };

type RawRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** A chunked body: `first`, then `repeat` again and again until the server answers. Without it only the head is sent. */
  endless?: { first: Uint8Array; repeat: Uint8Array };
};

const chunkFrame = (bytes: Uint8Array) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]);

/** The reply, once `received` holds all of it. */
function parseReply(received: Buffer, bodyBytesSent: number): RawReply | undefined {
  const text = received.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
  if (received.length < end + 4 + length) return undefined;
  const body = received.subarray(end + 4, end + 4 + length).toString("utf8");
  return { status: Number(text.slice(9, 12)), headers: text.slice(0, end), message: (JSON.parse(body) as { message: string }).message, bodyBytesSent };
}

export async function rawRequest(baseUrl: string, request: RawRequest, timeoutMs = 20_000): Promise<RawReply> {
  const { hostname, port } = new URL(baseUrl);
  const headers = { host: `${hostname}:${port}`, ...request.headers, ...(request.endless ? { "transfer-encoding": "chunked" } : {}) };
  const head = [`${request.method} ${request.path} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), "", ""].join("\r\n");
  let received = Buffer.alloc(0);
  let reply: RawReply | undefined;
  let bodyBytesSent = 0;
  let closed = false;
  let wake = () => {};
  const socket = await Bun.connect({
    hostname,
    port: Number(port),
    socket: {
      data(_, data) {
        received = Buffer.concat([received, data]);
        reply ??= parseReply(received, bodyBytesSent);
        if (reply) wake();
      },
      drain: () => wake(),
      close() {
        closed = true;
        wake();
      },
      error() {},
    },
  });
  const deadline = Date.now() + timeoutMs;
  /** Until the socket has news (data, room to write, closed), or a little while. */
  const nap = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, 50);
    });
  /** Writes all of bytes, waiting whenever the socket is full; stops early once answered or closed. */
  async function send(bytes: Uint8Array) {
    let offset = 0;
    while (offset < bytes.length && !reply && !closed && Date.now() < deadline) {
      offset += Math.max(0, socket.write(bytes.subarray(offset)));
      if (offset < bytes.length) await nap();
    }
  }
  await send(Buffer.from(head));
  if (request.endless) {
    await send(chunkFrame(request.endless.first));
    const frame = chunkFrame(request.endless.repeat);
    while (!reply && !closed && Date.now() < deadline) {
      await send(frame);
      bodyBytesSent += request.endless.repeat.length;
    }
  }
  while (!reply && !closed && Date.now() < deadline) await nap();
  socket.end();
  if (!reply) throw new Error(`no complete answer (${closed ? "closed" : "timed out"}) after ${bodyBytesSent} body bytes: ${received.toString("latin1").slice(0, 200)}`);
  return reply;
}
