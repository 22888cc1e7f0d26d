/** Show fields and media set by the environment: served, shown as locked by their variable, and refused. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Actor, adminActor, form } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { file, type Json, SVG } from "./show-test-support";

describe("fields set by the environment", () => {
  let server: TestServer;
  let admin: Actor;
  beforeAll(async () => {
    const dir = path.join(import.meta.dir, "../../tests/fixtures");
    const intro = path.join(await mkdtemp(path.join(tmpdir(), "casefile-intro-")), "intro.txt");
    await writeFile(intro, "Set by the operator.\n");
    server = await startTestServer({
      PROJECT_NAME: "Env Show",
      ACCENT_COLOR: "#FFD400",
      SPY_URL: "https://env.example/",
      LOGO_FILE: path.join(dir, "photo.png"),
      LANDING_IMAGE_FILE: path.join(dir, "photo.jpg"),
      ARCHIVE_INTRO_FILE: intro,
    });
    admin = await adminActor(server.url);
  });
  afterAll(() => server.stop());

  test("are served, shown as locked by their variable, and refused with 409 naming it", async () => {
    const show = (await (await fetch(`${server.url}/api/show`)).json()) as Json;
    expect(show).toMatchObject({ project_name: "Env Show", accent_color: "#ffd400", on_accent: "#111111", spy_url: "https://env.example/" });
    expect(show.locked).toEqual({
      project_name: "PROJECT_NAME",
      accent_color: "ACCENT_COLOR",
      spy_url: "SPY_URL",
      archive_intro: "ARCHIVE_INTRO_FILE",
      logo: "LOGO_FILE",
      "landing-image": "LANDING_IMAGE_FILE",
    });
    expect(show.media.logo).toEqual({ default: false });
    const locked: [string, unknown, string][] = [
      ["project_name", "Browser Show", "PROJECT_NAME"],
      ["accent_color", "#000000", "ACCENT_COLOR"],
      ["spy_url", "https://browser.example/", "SPY_URL"],
      ["archive_intro", ["Browser intro."], "ARCHIVE_INTRO_FILE"],
    ];
    for (const [field, value, variable] of locked) {
      const response = await admin.put("/api/show", { [field]: value });
      expect([response.status, (await response.json()).message]).toEqual([
        409,
        `${field} is set by the server's configuration (${variable}) and cannot be changed here.`,
      ]);
    }
    for (const [slot, variable] of [["logo", "LOGO_FILE"], ["landing-image", "LANDING_IMAGE_FILE"]] as const) {
      const put = await admin.put(`/api/show/media/${slot}`, form({}, { file: file(SVG, "x.svg") }));
      expect([put.status, (await put.json()).message]).toEqual([409, `${slot} is set by the server's configuration (${variable}) and cannot be changed here.`]);
      expect((await admin.delete(`/api/show/media/${slot}`)).status).toBe(409);
    }
    // The other fields stay editable.
    expect((await admin.put("/api/show", { ticket_warning: "Tickets at the door." })).status).toBe(200);
    expect((await fetch(`${server.url}/brand/logo`)).headers.get("content-type")).toBe("image/png");
  });
});
