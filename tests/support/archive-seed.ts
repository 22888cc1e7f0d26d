/**
 * A big public archive in a moment: `count` public items cloned from real uploaded ones (the templates: their media
 * rows are shared, so every clone's media is real), oldest first, written straight into libSQL in one statement.
 * Titles are 'Archive item <n>', n = 1 the oldest. Returns the oldest clone's id.
 */
import type { TestServer } from "./server";

export async function seedPublicClones(server: TestServer, count: number, templates: number[]): Promise<number> {
  const cases = templates.map((_, index) => `WHEN ${index} THEN ?`).join(" ");
  const client = server.ctx.db.$client;
  await client.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
          INSERT INTO evidence (user_id, title, notes, location, is_public, media_type, media_id, thumbnail_id, date_posted, duration_ms)
          SELECT t.user_id, 'Archive item ' || i, 'Seen near the old bridge, item ' || i || '. Two people by the railing.', NULL, 1,
                 t.media_type, t.media_id, t.thumbnail_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (? - i + 60) || ' minutes'), t.duration_ms
          FROM n JOIN evidence t ON t.id = CASE i % ? ${cases} END`,
    args: [count, count, templates.length, ...templates],
  });
  const oldest = await client.execute({ sql: "SELECT min(id) AS id FROM evidence WHERE title = 'Archive item 1'", args: [] });
  return Number(oldest.rows[0]!.id);
}
