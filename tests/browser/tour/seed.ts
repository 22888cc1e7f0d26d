/**
 * The tour's world, made through the real API: a participant with a long username and full name and 120 evidence
 * items of all four kinds (long titles, multi-paragraph notes, a quarter public), a second participant with nothing
 * yet, a newcomer who has not watched the onboarding video, and the admin. Everyone's session cookie is kept so the
 * tour's browser contexts start logged in (logging in per screen would hit the per-account login limit).
 */
import { Actor, adminActor, form, newParticipant } from "../../support/client";
import type { TestServer } from "../../support/server";
import { makeSeedMedia, type SeedFile } from "./media";

export type Role = "visitor" | "participant" | "fresh" | "newcomer" | "admin";
export type SeededItem = { id: number; title: string; kind: "note" | "photo" | "video" | "audio"; isPublic: boolean };
export type TourCast = {
  baseUrl: string;
  outboxDir: string;
  cookies: Partial<Record<Role, string>>;
  participant: { username: string; email: string; fullName: string };
  fresh: { username: string };
  items: SeededItem[];
  /** Everything the seed typed in (titles, notes, places, names, e-mail addresses): shown as entered in any language. */
  texts: string[];
};

// 32 characters, the longest a username may be (the brief's "…-1987" is 34, over the limit).
export const LONG_USERNAME = "margarethe.van.der.oosterhuis-87";
const LONG_FULL_NAME = "Margarethe Johanna Wilhelmina van der Oosterhuis-Brinkmann";
export const ITEM_COUNT = 120;

const SUBJECTS = [
  "Grey delivery van without plates parked outside the pharmacy on Kloveniersburgwal",
  "Man in a yellow raincoat photographing the bridge's maintenance hatch",
  "Two people exchanging an envelope under the railway viaduct",
  "Lights on in the closed harbour office well after midnight",
  "Bicycle courier who circled the square four times without delivering anything",
  "Freshly painted symbol on the lamp post at the corner of Main & 5th",
  "Radio chatter on an open channel mentioning 'the east bank' twice",
  "Black sedan idling with its engine running behind the library",
];
const PLACES = ["Main & 5th", "52.37022, 4.89517", "Pier 4, east bank", "40.71278, -74.00594", "Under the railway viaduct, platform side", ""];
const PARAGRAPHS = [
  "I noticed it first at about 21:40, when the street lights flickered. It stayed for roughly twenty minutes and nobody came or went while I watched from the café terrace across the street.",
  "The same thing happened last Thursday, I am fairly sure: same place, same time, and the same person leaning against the railing with a phone held to one ear but apparently not talking to anyone.",
  "Afterwards I walked past slowly. The side door was propped open with a folded newspaper (yesterday's edition, I think) and there was a smell of fresh paint and something like diesel.",
  "Not sure this matters, but I am writing it down anyway so that I do not forget the details later.",
];

function title(i: number): string {
  return `${SUBJECTS[i % SUBJECTS.length]!}, observation ${i + 1}`;
}

function notes(i: number): string {
  const count = 1 + (i % 4);
  return Array.from({ length: count }, (_, k) => PARAGRAPHS[(i + k) % PARAGRAPHS.length]!).join("\n\n");
}

function cookieValue(actor: Actor): string {
  return decodeURIComponent(actor.cookie.slice(actor.cookie.indexOf("=") + 1));
}

async function markWatched(actor: Actor): Promise<void> {
  const me = (await (await actor.get("/api/user")).json()) as { id: number };
  const response = await actor.put(`/api/user/watched/${me.id}`);
  if (response.status !== 200) throw new Error(`marking the video watched failed: ${response.status}`);
}

async function upload(actor: Actor, fields: Record<string, string>, media?: SeedFile): Promise<{ id: number }> {
  const files: Record<string, File> = media ? { file: media.file, ...(media.thumbnail ? { thumbnail: media.thumbnail } : {}) } : {};
  const response = await actor.post("/api/evidence", form(fields, files));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

/** Seeds a server started with QUOTA_UPLOADS_PER_HOUR=0 (120 uploads exceed the hourly default). */
export type SeedOptions = {
  /** The tiny fixture media instead of ffmpeg-made pictures and clips. */
  plainMedia?: boolean;
  /** Fewer items (≥ 20 so that every kind has a public one), for tests where 120 alike cards only cost time. */
  itemCount?: number;
};

export async function seedTour(server: TestServer, options: SeedOptions = {}): Promise<TourCast> {
  const media = await makeSeedMedia(options.plainMedia);
  const main = await newParticipant(server.url, { username: LONG_USERNAME, email: `${LONG_USERNAME}@example.org`, usernameOrEmail: LONG_USERNAME, full_name: LONG_FULL_NAME, pronouns: "She/Her" });
  await markWatched(main.actor);
  const fresh = await newParticipant(server.url, { full_name: "Jonas Okonkwo-Lindqvist", pronouns: "He/Him" });
  await markWatched(fresh.actor);
  const newcomer = await newParticipant(server.url, { full_name: "Noor Newcomer", pronouns: "" });
  const admin = await adminActor(server.url);
  await markWatched(admin);

  const kinds = ["photo", "note", "video", "audio", "photo"] as const;
  const items: SeededItem[] = [];
  for (let i = 0; i < Math.max(20, options.itemCount ?? ITEM_COUNT); i++) {
    const kind = kinds[i % kinds.length]!;
    const file = kind === "photo" ? media.photos[i % media.photos.length] : kind === "video" ? media.videos[i % media.videos.length] : kind === "audio" ? media.audios[i % media.audios.length] : undefined;
    const fields = { title: title(i), notes: notes(i), location: PLACES[i % PLACES.length]! };
    const { id } = await upload(main.actor, fields, file);
    items.push({ id, title: fields.title, kind, isPublic: false });
  }
  // A quarter public: the archive's content, and 'Public' badges in the private list.
  for (const item of items.filter((_, i) => i % 4 === 0)) {
    const response = await admin.put(`/api/evidence/clearance/${item.id}`);
    if (response.status !== 200) throw new Error(`making ${item.id} public failed: ${response.status}`);
    item.isPublic = true;
  }
  return {
    baseUrl: server.url,
    outboxDir: server.outboxDir,
    cookies: { participant: cookieValue(main.actor), fresh: cookieValue(fresh.actor), newcomer: cookieValue(newcomer.actor), admin: cookieValue(admin) },
    participant: { username: LONG_USERNAME, email: main.fields.email, fullName: LONG_FULL_NAME },
    fresh: { username: fresh.fields.username },
    items,
    texts: [
      ...SUBJECTS.map((_, i) => title(i)),
      ...items.map((item) => item.title),
      ...PARAGRAPHS,
      ...PLACES.filter(Boolean),
      ...[main, fresh, newcomer].flatMap(({ fields }) => [fields.username, fields.full_name, fields.email, fields.pronouns, fields.phone_number]),
      ...(await adminTexts(admin)),
    ].filter(Boolean),
  };
}

/** The admin's name and address (the console's header, the audit log) and the show's project name (the bar, titles). */
async function adminTexts(admin: Actor): Promise<string[]> {
  const me = (await (await admin.get("/api/user")).json()) as { username: string; email: string; full_name: string };
  const show = (await (await admin.get("/api/show")).json()) as { project_name: string };
  return [me.username, me.email, me.full_name, show.project_name];
}

