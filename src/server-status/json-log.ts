/**
 * LOG_FORMAT=json: every log line becomes one JSON object ({time, level, msg, request_id?}), and every request adds
 * one line of its own (route pattern, status, duration), so a log shipper can follow one request through. The
 * request id is also the X-Request-Id header of the answer, for a visitor to quote. Plain lines stay the default.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const requestIds = new AsyncLocalStorage<string>();

export const newRequestId = () => crypto.randomUUID().replaceAll("-", "").slice(0, 16);

/** Runs fn with id as the request id of every line it logs. */
export const withRequestId = <T>(id: string, fn: () => T): T => requestIds.run(id, fn);

function line(level: string, fields: Record<string, unknown>): string {
  const requestId = requestIds.getStore();
  return JSON.stringify({ time: new Date().toISOString(), level, ...(requestId ? { request_id: requestId } : {}), ...fields });
}

let installed = false;

/**
 * Turns console.log/info/warn/error into JSON lines (once per process), and an uncaught exception or unhandled
 * rejection too: the runtime would print it as raw lines of source and stack. The process still ends, as it would.
 */
export function useJsonLog(): void {
  if (installed) return;
  installed = true;
  // Required here, not at import: node:util costs every start ~1 ms, and plain lines need none of it.
  const { format } = require("node:util") as typeof import("node:util");
  const write = (stream: NodeJS.WriteStream, level: string) => (...args: unknown[]) => stream.write(line(level, { msg: format(...args) }) + "\n");
  console.log = write(process.stdout, "info");
  console.info = write(process.stdout, "info");
  console.warn = write(process.stderr, "warn");
  console.error = write(process.stderr, "error");
  const fatal = (what: string) => (error: unknown) => {
    const stack = error instanceof Error ? { stack: error.stack } : {};
    process.stderr.write(line("fatal", { msg: `${what}: ${error instanceof Error ? error.message : format(error)}`, ...stack }) + "\n");
    process.exit(1);
  };
  process.on("uncaughtException", fatal("uncaught exception"));
  process.on("unhandledRejection", fatal("unhandled rejection"));
}

export function logRequest(fields: { method: string; route: string; status: number; ms: number }): void {
  process.stdout.write(line("info", { msg: "request", ...fields }) + "\n");
}
