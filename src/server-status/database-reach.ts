import { isDatabaseUnreachable } from "../http/server-errors";

/**
 * Since when this instance cannot reach its database: noted by every request that failed for it and by the heartbeat,
 * cleared by the next heartbeat or status read that succeeds; the Server screen says it during an outage.
 */
export class DatabaseReach {
  private downSince: Date | undefined;

  failed(error: unknown): void {
    if (isDatabaseUnreachable(error)) this.downSince ??= new Date();
  }

  reached(): void {
    this.downSince = undefined;
  }

  /** When the outage began (ISO), or undefined while the database answers. */
  get since(): string | undefined {
    return this.downSince?.toISOString();
  }
}
