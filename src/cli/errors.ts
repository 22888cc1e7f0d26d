import { HttpError } from "../http/errors";

/** A mistake of the operator (bad arguments, a target that is not empty, …): printed as one line, exit code 2. */
export class CliError extends Error {}

/** Service errors (and a database newer than this release, db/migrate.ts) carry messages meant for people; the command line shows them as such. */
export function asCliError(error: unknown): unknown {
  return error instanceof HttpError || (error as Error)?.name === "NewerDatabaseError" ? new CliError((error as Error).message) : error;
}
