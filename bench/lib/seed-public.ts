/**
 * Seeds a fresh casefile database for bench/public-list.ts through the app's own code (openContext, drizzle inserts):
 * SEED_USERS users (half with avatars) and SEED_ROWS public items (most with a media row and a thumbnail).
 * Usage: DATABASE_URL=file:… UPLOADS_DIR=… SEED_ROWS=10000 SEED_USERS=500 bun bench/lib/seed-public.ts
 * SEED_MEDIA=none seeds notes only, no avatars (rows naming files that don't exist would set the server's renditions
 * jobs to work on them, which a load benchmark must not measure).
 */
import { loadConfig } from "../../src/config";
import { evidence } from "../../src/db/evidence";
import { mediaFiles } from "../../src/db/media-files";
import { users } from "../../src/db/users";
import { openContext } from "../../src/server";

const ROWS = Number(process.env.SEED_ROWS ?? 10_000);
const USERS = Number(process.env.SEED_USERS ?? 500);
const WITH_MEDIA = process.env.SEED_MEDIA !== "none";
const env = process.env;

async function seed(): Promise<void> {
  const ctx = await openContext(loadConfig({ ...env, PORT: "0" }));
  try {
    const now = Date.now();
    const iso = (i: number) => new Date(now - (ROWS - i) * 60_000).toISOString();
    const hex = (prefix: string, i: number) => `${prefix}${i.toString(16).padStart(31 - prefix.length + 1, "0")}`.slice(0, 32);
    const userRows = Array.from({ length: USERS }, (_, i) => ({
      username: `participant_${i}`,
      usernameKey: `participant_${i}`,
      fullName: `Participant ${i}`,
      email: `participant${i}@example.org`,
      emailKey: `participant${i}@example.org`,
      phoneNumber: `+4915100000${String(i).padStart(3, "0")}`,
      pronouns: "",
      role: 1,
      passwordHash: "not-a-real-hash", // nobody logs in as these users
      avatarMediaId: WITH_MEDIA && i % 2 ? hex("a", i) : null,
      videoWatched: true,
      createdAt: iso(0),
    }));
    const media: (typeof mediaFiles.$inferInsert)[] = [];
    for (let i = 0; WITH_MEDIA && i < USERS; i += 2) {
      const id = hex("a", i + 1);
      media.push({ id, ownerId: i + 2, purpose: "avatar", storeKey: `avatar/${id}`, publicStoreKey: null, publicSize: null, mime: "image/webp", size: 9000, sha256: "0".repeat(64), createdAt: iso(0) });
    }
    const items: (typeof evidence.$inferInsert)[] = [];
    for (let i = 0; i < ROWS; i++) {
      const userId = (i % USERS) + 1;
      const kind = !WITH_MEDIA || i % 10 === 0 ? 1 : 2 + (i % 3); // some notes, then image/video/audio
      const mediaId = kind === 1 ? null : hex("e", i);
      const thumbnailId = kind === 1 || kind === 4 ? null : hex("t", i);
      if (mediaId) media.push({ id: mediaId, ownerId: userId, purpose: "evidence", storeKey: `evidence/${mediaId}`, publicStoreKey: null, publicSize: null, mime: "video/mp4", size: 5_000_000 + i, sha256: "1".repeat(64), createdAt: iso(i) });
      if (thumbnailId) media.push({ id: thumbnailId, ownerId: userId, purpose: "thumbnail", storeKey: `thumbnail/${thumbnailId}`, publicStoreKey: null, publicSize: null, mime: "image/webp", size: 20_000, sha256: "2".repeat(64), createdAt: iso(i) });
      items.push({
        userId,
        title: `Sighting number ${i} near the old bridge`,
        notes: `Seen at dusk. ${"Details of what was seen, who was there and what happened next. ".repeat(1 + (i % 4))}`,
        location: i % 3 ? `Platz ${i % 97}, Berlin` : null,
        isPublic: true,
        mediaType: kind,
        mediaId,
        thumbnailId,
        datePosted: iso(i),
      });
    }
    const chunks = <T>(xs: T[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, k) => xs.slice(k * n, k * n + n));
    for (const part of chunks(userRows, 500)) await ctx.db.insert(users).values(part);
    for (const part of chunks(media, 500)) await ctx.db.insert(mediaFiles).values(part);
    for (const part of chunks(items, 500)) await ctx.db.insert(evidence).values(part);
  } finally {
    ctx.close();
  }
}


await seed();
process.exit(0);
