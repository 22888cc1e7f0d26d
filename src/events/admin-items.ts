/** The admin view of items by id, exactly as the console's list shows them, for the events stream. */
import type { Database } from "../db/client";
import { consoleItemJson } from "../desk/console-json";
import { consoleItems } from "../desk/console.service";

export type AdminItem = ReturnType<typeof consoleItemJson>;

export async function adminItems(db: Database, ids: number[]): Promise<Map<number, AdminItem>> {
  return new Map((await consoleItems(db, ids)).map((listed) => [listed.item.id, consoleItemJson(listed)]));
}
