import { version } from "../../package.json";

/** The release, from package.json (inlined when bundled, so the executable knows it too). */
export const VERSION: string = version;
