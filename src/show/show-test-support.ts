/** What the show's tests share: the audit entries of an action, a file made from bytes, and a small SVG image. */
import type { TestServer } from "../../tests/support/server";

export type Json = Record<string, any>;

export const auditRows = async (server: TestServer, action: string) =>
  (await server.ctx.db.$client.execute({ sql: "select actor_name, target_type, target_id, detail from audit_log where action = ? order by id", args: [action] })).rows.map(
    (r) => ({ actor: r.actor_name, targetType: r.target_type, targetId: r.target_id, detail: JSON.parse(r.detail as string) }),
  );

export const file = (bytes: string | Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name);
export const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>';
