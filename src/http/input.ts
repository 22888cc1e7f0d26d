import { notFound } from "./errors";

/** A numeric id from the path; anything else (path tricks included) is simply not found. */
export function parseId(raw: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** A JSON or form body as a record of its fields, whatever was sent. */
export function asRecord(body: unknown): Record<string, unknown> {
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

/** Percent-escapes decoded; undefined when they are not valid UTF-8 escapes (`%zz`, `%E0%A4%A`), never a throw. */
export function decodedOrUndefined(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
