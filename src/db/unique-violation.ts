/** Whether a unique index refused the write (drizzle wraps the driver's error: its causes are looked at too). */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as Error).cause) {
    if (/UNIQUE constraint failed/i.test(String((cause as Error).message ?? cause))) return true;
  }
  return false;
}
