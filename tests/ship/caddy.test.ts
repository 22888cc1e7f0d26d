/**
 * deploy/Caddyfile (the compose file's `https` profile) run by the real Caddy, in front of a real casefile with
 * TRUST_PROXY=on: HTTPS from Caddy, and the forwarded headers make casefile's session cookie Secure and its Origin check
 * pass. Locally, the site is `localhost` with Caddy's own CA instead of a public domain's ACME certificate.
 * Needs the caddy binary (Debian: apt-get install caddy; .ci/run installs it).
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Subprocess } from "bun";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { freePort } from "./support/processes";
import { REPO } from "./support/program";

setDefaultTimeout(60_000);

const CADDYFILE = path.join(REPO, "deploy/Caddyfile");
let dir: string;
let casefile: TestServer;
let caddy: Subprocess<"ignore", "ignore", "pipe"> | undefined;
let caddyLog: Promise<string>;
let proxied: string;
let caddyRoot: string;

function caddyBinary(): string {
  const found = Bun.which("caddy");
  if (!found) throw new Error("caddy is not installed (apt-get install caddy)");
  return found;
}

/** Caddy keeps its CA, certificates and config under these, never in the machine's own folders or trust store. */
function caddyEnv(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: dir, XDG_DATA_HOME: path.join(dir, "data"), XDG_CONFIG_HOME: path.join(dir, "config"), ...extra };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "casefile-caddy-"));
  casefile = await startTestServer({ TRUST_PROXY: "on" });
  const httpsPort = freePort();
  // The repository's Caddyfile, imported unchanged; only ports, storage and the local CA's trust store are set here.
  const local = path.join(dir, "Caddyfile");
  await writeFile(
    local,
    `{\n\tadmin off\n\tskip_install_trust\n\thttp_port ${freePort()}\n\thttps_port ${httpsPort}\n\tstorage file_system ${path.join(dir, "storage")}\n}\n\nimport ${CADDYFILE}\n`,
  );
  caddy = Bun.spawn([caddyBinary(), "run", "--config", local, "--adapter", "caddyfile"], {
    env: caddyEnv({ CASEFILE_DOMAIN: "localhost", CASEFILE_UPSTREAM: new URL(casefile.url).host }),
    stdin: "ignore",
    stdout: "ignore",
    stderr: "pipe",
  });
  // Read as it comes, so Caddy's log never blocks on a full pipe.
  caddyLog = new Response(caddy.stderr).text();
  proxied = `https://localhost:${httpsPort}`;
  caddyRoot = path.join(dir, "storage/pki/authorities/local/root.crt");
  for (let tries = 0; ; tries++) {
    let problem: unknown;
    try {
      // Verified against Caddy's own root: this is real TLS, as a phone would get it with a public certificate.
      const health = await fetch(`${proxied}/healthz`, { tls: { ca: await Bun.file(caddyRoot).text() } });
      if (health.status === 200) break;
      problem = `status ${health.status}`;
    } catch (error) {
      problem = error;
    }
    if (tries > 200 || caddy.exitCode !== null) throw new Error(`caddy did not serve ${proxied}: ${problem}\n${caddy.exitCode === null ? "" : await caddyLog}`);
    await Bun.sleep(50);
  }
});

afterAll(async () => {
  caddy?.kill("SIGTERM");
  await caddy?.exited;
  await casefile?.stop();
  await rm(dir, { recursive: true, force: true });
});

test("caddy validate accepts deploy/Caddyfile for a public domain", async () => {
  const validate = Bun.spawnSync([caddyBinary(), "validate", "--config", CADDYFILE, "--adapter", "caddyfile"], {
    env: caddyEnv({ CASEFILE_DOMAIN: "evidence.example.org" }),
  });
  expect({ code: validate.exitCode, out: validate.stdout.toString() }).toEqual({ code: 0, out: expect.stringContaining("Valid configuration") });
});

async function login(base: string, init: BunFetchRequestInit = {}) {
  return fetch(`${base}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ usernameOrEmail: ADMIN.username, password: ADMIN.password }),
    ...init,
  });
}

test("through Caddy the login answers over HTTPS with a Secure session cookie that then works", async () => {
  const ca = await Bun.file(caddyRoot).text();
  const viaCaddy = await login(proxied, { tls: { ca } });
  // The Origin (https://localhost:…) matches the Host Caddy passes on, so the cross-origin check lets it through.
  expect(viaCaddy.status).toBe(200);
  const cookie = viaCaddy.headers.get("set-cookie")!;
  expect(cookie).toMatch(/; Secure$/);
  const me = await fetch(`${proxied}/api/user`, { headers: { cookie: cookie.split(";")[0]! }, tls: { ca } });
  expect(((await me.json()) as { username: string }).username).toBe(ADMIN.username);

  // The same casefile asked directly over plain HTTP: the cookie is not Secure, so it is Caddy's X-Forwarded-Proto.
  const direct = await login(casefile.url);
  expect(direct.status).toBe(200);
  expect(direct.headers.get("set-cookie")).not.toContain("Secure");
});
