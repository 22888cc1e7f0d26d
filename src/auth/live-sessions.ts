/**
 * Long-lived answers that show private data for as long as their session lasts (the admins' event stream), registered
 * by session so that ending the session ends them too. In-process only: on another instance of the same database the
 * stream notices within its re-check interval (event-stream.ts) instead of at once.
 */
type Live = { userId: number; sessionHash: string; end(): void };

const live = new Set<Live>();

/** Registers a live answer; returns the function that forgets it (call it when the answer ends by itself). */
export function holdWhileSessionLives(entry: Live): () => void {
  live.add(entry);
  return () => live.delete(entry);
}

/** Ends the live answers of one session (logout) or of every session of a user (log out everywhere, deletion). */
export function endLiveAnswers(which: { sessionHash: string } | { userId: number }): void {
  for (const entry of [...live]) {
    const matches = "sessionHash" in which ? entry.sessionHash === which.sessionHash : entry.userId === which.userId;
    if (matches) {
      live.delete(entry);
      entry.end();
    }
  }
}
