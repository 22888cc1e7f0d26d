/** A mistake of the operator (bad arguments, a target that is not empty, …): printed as one line, exit code 2. */
export class CliError extends Error {}
