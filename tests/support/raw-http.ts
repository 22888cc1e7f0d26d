/**
 * HTTP/1.1 over a plain socket, for what fetch will not send: a `//` path, a method fetch rewrites, a chunked body
 * that never ends, a body that trickles. The reply is read while the body is still being sent.
 */
import { connect, type Socket } from "node:net";

export type RawReply = { status: number; head: string; body: string };

/** Writes the request head, then lets `send` write the body until it is done or the server has answered. */
export function rawExchange(
  baseUrl: string,
  head: string[],
  send: (socket: Socket, answered: () => boolean) => Promise<void> = async () => {},
  timeoutMs = 10_000,
): Promise<RawReply> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    let reply: RawReply | undefined;
    const socket = connect(Number(port), hostname);
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    function finish(error?: Error) {
      clearTimeout(timer);
      socket.destroy();
      if (reply) resolve(reply);
      else reject(error ?? new Error("the connection closed without an answer"));
    }
    socket.on("connect", () => {
      socket.write([...head, "", ""].join("\r\n"));
      send(socket, () => reply !== undefined).catch(() => {}); // writing into a closed connection is expected
    });
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      reply = parseReply(received);
      if (reply) finish();
    });
    socket.on("error", () => finish());
    socket.on("close", () => finish());
  });
}

/** A chunked body (a refusal's answer while its request body is drained, unread-body.ts) once its last chunk came. */
function chunkedBody(bytes: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  for (let at = 0; ; ) {
    const line = bytes.indexOf("\r\n", at);
    if (line < 0) return undefined;
    const size = parseInt(bytes.subarray(at, line).toString("latin1"), 16);
    if (size === 0) return Buffer.concat(parts);
    if (bytes.length < line + 2 + size + 2) return undefined;
    parts.push(bytes.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
}

/** A complete response in bytes (status line, headers, its body by Content-Length or chunks), or undefined while incomplete. */
function parseReply(bytes: Buffer): RawReply | undefined {
  const end = bytes.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const head = bytes.subarray(0, end).toString("latin1");
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const body = chunkedBody(bytes.subarray(end + 4));
    return body && { status: Number(head.split(" ")[1]), head: head.toLowerCase(), body: body.toString("utf8") };
  }
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? "0");
  if (bytes.length < end + 4 + length) return undefined;
  return { status: Number(head.split(" ")[1]), head: head.toLowerCase(), body: bytes.subarray(end + 4, end + 4 + length).toString("utf8") };
}

/** Writes bytes and waits while the socket's buffer is full (so `answered` is looked at between chunks). */
export async function write(socket: Socket, bytes: string | Uint8Array): Promise<void> {
  if (!socket.write(bytes)) await new Promise<void>((drained) => socket.once("drain", () => drained()));
}

/**
 * Sends `piece` again and again until the server answers (or `maxBytes` went out). A short pause after each piece
 * lets the answer be read before the next write: the server closes at once, and writing into a closed connection
 * makes the kernel drop the answer not yet read.
 */
export async function sendUntilAnswered(socket: Socket, answered: () => boolean, piece: Uint8Array, maxBytes = 64 * 1024 * 1024) {
  for (let sent = 0; !answered() && sent < maxBytes; sent += piece.length) {
    await write(socket, piece);
    await Bun.sleep(2);
  }
}

/** One chunk of a `Transfer-Encoding: chunked` body. */
export const chunk = (bytes: Uint8Array | string) => {
  const data = typeof bytes === "string" ? Buffer.from(bytes) : Buffer.from(bytes);
  return Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
};

/** The reply to a request whose body is declared but never sent, or is chunked and endless, with its JSON message. */
export type RawJsonReply = { status: number; headers: string; message: string; bodyBytesSent: number };

export async function rawRequest(
  baseUrl: string,
  request: { method: string; path: string; headers: Record<string, string>; endless?: { first: Uint8Array; repeat: Uint8Array } },
): Promise<RawJsonReply> {
  const { host } = new URL(baseUrl);
  const headers = { host, ...request.headers, ...(request.endless ? { "transfer-encoding": "chunked" } : {}) };
  let bodyBytesSent = 0;
  const reply = await rawExchange(
    baseUrl,
    [`${request.method} ${request.path} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)],
    async (socket, answered) => {
      if (!request.endless) return;
      await write(socket, chunk(request.endless.first));
      const piece = chunk(request.endless.repeat);
      for (let i = 0; !answered() && i < 4096; i++) {
        await write(socket, piece);
        bodyBytesSent += request.endless.repeat.length;
        await Bun.sleep(2);
      }
    },
    20_000,
  );
  return { status: reply.status, headers: reply.head, message: (JSON.parse(reply.body) as { message: string }).message, bodyBytesSent };
}
