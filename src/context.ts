import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Mailer } from "./mail/mailer";
import type { MediaStore } from "./media/store";

/** What every feature is given: plain values, built once at start. */
export type AppContext = {
  config: Config;
  db: Database;
  store: MediaStore;
  mailer: Mailer;
};
