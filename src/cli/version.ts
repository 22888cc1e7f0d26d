import { version } from "../../package.json";
import { buildCommit } from "./build-commit" with { type: "macro" };

/**
 * The release: package.json's version and the commit it was built from (e.g. 0.1.0+543b908, 0.1.0+543b908-dirty),
 * both inlined when bundled, so the executable knows them too. Shown by --version, the start log, the Server screen,
 * /metrics (casefile_info) and every backup's manifest.
 */
export const VERSION: string = `${version}+${buildCommit()}`;
