import { describe, expect, test } from "bun:test";
import path from "node:path";
import { ConfigError, loadConfig } from ".";

describe("configuration", () => {
  test("defaults match design.md §2", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: "file:./data/casefile.db",
      mediaStore: "local",
      archiveMode: false,
      maxUploadBytes: 1024 * 1024 * 1024,
      trustProxy: false,
      admin: undefined,
    });
    expect(config.outboxDir).toBe(path.resolve("data/outbox"));
    expect(config).toMatchObject({ backups: undefined, metricsToken: undefined, logFormat: "plain" });
    expect(loadConfig({ BACKUP_DIR: "backups" }).backups).toEqual({ dir: path.resolve("backups"), intervalMs: 6 * 3_600_000, keep: 8 });
    expect(loadConfig({ BACKUP_DIR: "/b", BACKUP_INTERVAL_HOURS: "0.5", BACKUP_KEEP: "3" }).backups).toEqual({ dir: "/b", intervalMs: 1_800_000, keep: 3 });
  });

  const bad: [Record<string, string>, string][] = [
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ MEDIA_STORE: "ftp" }, "MEDIA_STORE"],
    [{ MEDIA_STORE: "s3" }, "S3_BUCKET"],
    [{ ARCHIVE_MODE: "maybe" }, "ARCHIVE_MODE"],
    [{ BACKUP_KEEP: "3" }, "BACKUP_KEEP"],
    [{ BACKUP_DIR: "/b", BACKUP_INTERVAL_HOURS: "six" }, "BACKUP_INTERVAL_HOURS"],
    [{ BACKUP_DIR: "/b", BACKUP_KEEP: "0" }, "BACKUP_KEEP"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN"],
    [{ LOG_FORMAT: "xml" }, "LOG_FORMAT"],
    [{ MAX_UPLOAD_MB: "-5" }, "MAX_UPLOAD_MB"],
    [{ DATABASE_URL: "postgres://x" }, "DATABASE_URL"],
    [{ SMTP_URL: "not a url" }, "SMTP_URL"],
    [{ ADMIN_USERNAME: "boss" }, "ADMIN_EMAIL"],
    [{ ADMIN_USERNAME: "boss", ADMIN_EMAIL: "boss@example.org", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD"],
    [{ TRUST_PROXY: "sometimes" }, "TRUST_PROXY"],
    [{ ADMIN_USERNAME: "b", ADMIN_EMAIL: "boss@example.org", ADMIN_PASSWORD: "long-enough" }, "ADMIN_USERNAME"],
    [{ ADMIN_USERNAME: "boss", ADMIN_EMAIL: "Boss <boss@example.org>", ADMIN_PASSWORD: "long-enough" }, "ADMIN_EMAIL"],
    [{ ADMIN_PROMOTE: "perhaps" }, "ADMIN_PROMOTE"],
  ];
  for (const [env, name] of bad) {
    test(`${JSON.stringify(env)} is refused with one line naming ${name}`, () => {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain(name);
      expect(message.split("\n")).toHaveLength(1);
    });
  }

  test("a bad value stops the server process with exit code 1 and one line on stderr", async () => {
    const child = Bun.spawn([process.execPath, path.join(import.meta.dir, "../main.ts")], {
      env: { PATH: process.env.PATH ?? "", PORT: "not-a-port" },
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(await child.exited).toBe(1);
    const stderr = (await new Response(child.stderr).text()).trim();
    expect(stderr).toBe('Invalid configuration: PORT must be a whole number, got "not-a-port"');
  });
});

describe("languages", () => {
  test("LANGUAGES is a list of canonical tags; DEFAULT_LANGUAGE must be one of them and is its first by default", () => {
    expect(loadConfig({})).toMatchObject({ languages: undefined, defaultLanguage: "en" });
    expect(loadConfig({ LANGUAGES: "fr, pt-br,ar,fr" })).toMatchObject({ languages: ["fr", "pt-BR", "ar"], defaultLanguage: "fr" });
    expect(loadConfig({ LANGUAGES: "en,ar", DEFAULT_LANGUAGE: "AR" })).toMatchObject({ defaultLanguage: "ar" });
  });

  test("a tag that is no language, an empty list or a default outside the list stops the start with a clear sentence", () => {
    expect(() => loadConfig({ LANGUAGES: "en,not a tag" })).toThrow('Invalid configuration: LANGUAGES must be a language tag such as fr or pt-BR, got "not a tag"');
    expect(() => loadConfig({ LANGUAGES: " , " })).toThrow("Invalid configuration: LANGUAGES must name at least one language");
    expect(() => loadConfig({ LANGUAGES: "en,fr", DEFAULT_LANGUAGE: "de" })).toThrow(ConfigError);
  });
});
