/** A small HTTP client for API tests: one cookie jar per actor, JSON and multipart helpers, fixtures. */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { AppContext } from "../../src/context";
import { ADMIN } from "./server";

export const FIXTURES = path.join(import.meta.dir, "../fixtures");

export async function fixture(name: string, type = "application/octet-stream"): Promise<File> {
  return new File([await readFile(path.join(FIXTURES, name))], name, { type });
}

/** A JPEG whose EXIF segment names a GPS position (as phone photos do). */
export async function photoWithGps(): Promise<{ file: File; secret: string }> {
  const secret = "GPSLatitude 51.5007N GPSLongitude 0.1246W";
  const jpeg = new Uint8Array(await readFile(path.join(FIXTURES, "photo.jpg")));
  const payload = new TextEncoder().encode(`Exif\0\0MM\0*${secret}`);
  const app1 = new Uint8Array([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload]);
  const bytes = new Uint8Array([...jpeg.subarray(0, 2), ...app1, ...jpeg.subarray(2)]);
  return { file: new File([bytes], "gps.jpg", { type: "image/jpeg" }), secret };
}

export class Actor {
  cookie = "";

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: "manual" };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)["content-type"] = "application/json";
    }
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    const response = await fetch(this.baseUrl + path, init);
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) {
      const [pair] = setCookie.split(";");
      this.cookie = pair!.endsWith("=") ? "" : pair!;
    }
    return response;
  }

  get = (path: string) => this.request("GET", path);
  post = (path: string, body?: unknown) => this.request("POST", path, body);
  put = (path: string, body?: unknown) => this.request("PUT", path, body);
  delete = (path: string) => this.request("DELETE", path);

  async login(usernameOrEmail: string, password: string): Promise<Response> {
    return this.post("/api/user/login", { usernameOrEmail, password });
  }
}

let counter = 0;

export type Registration = Record<string, string> & { username: string; password: string; email: string };

export function registrationFields(overrides: Record<string, string> = {}): Registration {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user_${unique}`,
    password: "secret-pass",
    email: `user_${unique}@example.org`,
    usernameOrEmail: `user_${unique}`,
    phone_number: "5551234567",
    full_name: "Test Person",
    pronouns: "They/Them",
    role: "1",
    ...overrides,
  };
}

export function form(fields: Record<string, string>, files: Record<string, File> = {}): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  for (const [k, f] of Object.entries(files)) data.append(k, f);
  return data;
}

/**
 * Registers and logs in a new participant as the web app does (accepting the current privacy notice, so the web app
 * does not ask again); returns the logged-in actor and their user record.
 */
export async function newParticipant(baseUrl: string, overrides: Record<string, string> = {}) {
  const fields = registrationFields(overrides);
  const actor = new Actor(baseUrl);
  const { privacy_notice_version } = (await (await actor.get("/api/show")).json()) as { privacy_notice_version: number };
  const consent = { privacy_consent: String(privacy_notice_version) };
  const registered = await actor.post("/api/user/register", form({ ...consent, ...fields }, { verification_photo: await fixture("photo.jpg") }));
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${await registered.text()}`);
  const login = await actor.login(fields.username, fields.password);
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return { actor, user: (await login.json()) as { id: number; username: string; verification_photo_AWS_URL: string }, fields };
}

export async function adminActor(baseUrl: string): Promise<Actor> {
  const actor = new Actor(baseUrl);
  const login = await actor.login(ADMIN.username, ADMIN.password);
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
  return actor;
}

/** Every file under dir but the temp areas' owner stamps (the media a test can see on disk). */
export async function storedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith(".owner"))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** The temp files left under UPLOADS_DIR/.tmp (in every process's folder), relative to it. */
export async function tempFilesLeft(uploadsDir: string): Promise<string[]> {
  return storedFiles(path.join(uploadsDir, ".tmp"));
}

/** The store keys (originals and public copies) that media rows name, sorted: what storedFiles should find. */
export async function mediaRowKeys(server: { ctx: AppContext }): Promise<string[]> {
  const { rows } = await server.ctx.db.$client.execute("select store_key, public_store_key from media_files");
  return rows.flatMap((row) => [row.store_key, row.public_store_key].filter((key): key is string => typeof key === "string")).sort();
}

/** The six-digit code in the newest .eml of the outbox. */
export async function latestMailedCode(outboxDir: string): Promise<string> {
  const names = (await readdir(outboxDir)).filter((n) => n.endsWith(".eml")).sort();
  const text = await readFile(path.join(outboxDir, names[names.length - 1]!), "utf8");
  const match = /code is (\d{6})/.exec(text);
  if (!match) throw new Error("no code in the newest mail");
  return match[1]!;
}

export type Participant = Awaited<ReturnType<typeof newParticipant>>;

/** The usual cast of an access test: an owner, another participant, an admin and a visitor. */
export async function cast(baseUrl: string) {
  return {
    owner: await newParticipant(baseUrl),
    other: await newParticipant(baseUrl),
    admin: await adminActor(baseUrl),
    visitor: new Actor(baseUrl),
  };
}
