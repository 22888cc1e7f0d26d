/** casefile serving HTTPS itself: with the operator's PEM files, and with TLS=self-signed (made once, kept, remade). */
import { afterEach, expect, setDefaultTimeout, test } from "bun:test";
import { X509Certificate } from "node:crypto";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect } from "node:tls";
import { generate } from "selfsigned";
import { healthcheck } from "../cli/healthcheck";
import { ConfigError, loadConfig } from "../config";
import { type RunningServer, startServer } from "../server";
import { FROM_SOURCE, runCommand } from "../../tests/ship/support/program";
import { ADMIN } from "../../tests/support/server";
import { machineNames, parseSubjectAltName } from "./names";
import { ensureSelfSignedCertificate } from "./self-signed";

setDefaultTimeout(30_000);

const dirs: string[] = [];
const running: RunningServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "casefile-tls-"));
  dirs.push(dir);
  return dir;
}

/** The real server on its own data folder (kept between starts of the same dir), with the given TLS settings. */
async function start(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${path.join(dataDir, "casefile.db")}`,
    UPLOADS_DIR: path.join(dataDir, "uploads"),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
  const server = await startServer(config);
  running.push(server);
  return server;
}

/** A certificate for localhost and 127.0.0.1, as an operator would bring one. */
async function operatorCertificate(dir: string) {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }, { type: 7, ip: "127.0.0.1" }] }],
  });
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  await writeFile(certFile, pems.cert);
  await writeFile(keyFile, pems.private);
  return { certFile, keyFile, cert: pems.cert };
}

/** The SHA-256 fingerprint of the certificate the server actually presents. */
function servedFingerprint(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () => {
      resolve(socket.getPeerCertificate().fingerprint256);
      socket.end();
    });
    socket.on("error", reject);
  });
}

test("with TLS_CERT_FILE and TLS_KEY_FILE it serves HTTPS with that certificate, and the session cookie is Secure", async () => {
  const dir = await tempDir();
  const { certFile, keyFile, cert } = await operatorCertificate(dir);
  const server = await start(dir, { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile });
  expect(server.url).toStartWith("https://127.0.0.1:");
  // Verified against the operator's certificate as the only trusted one: the chain and the name 127.0.0.1 hold.
  const health = await fetch(`${server.url}/healthz`, { tls: { ca: cert } });
  expect(health.status).toBe(200);
  const stranger = await operatorCertificate(await tempDir());
  await expect(fetch(`${server.url}/healthz`, { tls: { ca: stranger.cert } })).rejects.toThrow();
  expect(await servedFingerprint(server.url)).toBe(new X509Certificate(cert).fingerprint256);

  const login = await fetch(`${server.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ usernameOrEmail: ADMIN.username, password: ADMIN.password }),
    tls: { ca: cert },
  });
  expect(login.status).toBe(200);
  expect(login.headers.get("set-cookie")).toMatch(/^casefile_session=[^;]+;.*; Secure$/);
  // `casefile healthcheck` (Docker's) asks over HTTPS when TLS is on.
  expect(await healthcheck({ port: Number(new URL(server.url).port), tls: { mode: "files", certFile, keyFile } })).toBe(true);
});

test("without TLS the server stays plain HTTP with a cookie that is not Secure", async () => {
  const server = await start(await tempDir(), {});
  expect(server.url).toStartWith("http://");
  expect(server.tls).toBeUndefined();
  const login = await fetch(`${server.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ usernameOrEmail: ADMIN.username, password: ADMIN.password }),
  });
  expect(login.headers.get("set-cookie")).not.toContain("Secure");
});

test("TLS=self-signed makes a certificate for localhost, 127.0.0.1 and the machine's addresses, keeps it, and reuses it at the next start", async () => {
  const dataDir = await tempDir();
  const first = await start(dataDir, { TLS: "self-signed" });
  expect(first.tls?.created).toBe(true);
  const tlsDir = path.join(dataDir, "tls");
  const cert = await Bun.file(path.join(tlsDir, "cert.pem")).text();
  const names = parseSubjectAltName(new X509Certificate(cert).subjectAltName);
  expect(names.dns).toContain("localhost");
  expect(names.ips).toContain("127.0.0.1");
  for (const ip of machineNames().ips) expect(names.ips).toContain(ip);
  expect((await stat(path.join(tlsDir, "key.pem"))).mode & 0o777).toBe(0o600);
  // Trusting only this certificate, both names verify.
  expect((await fetch(`${first.url}/healthz`, { tls: { ca: cert } })).status).toBe(200);
  const port = new URL(first.url).port;
  expect((await fetch(`https://localhost:${port}/healthz`, { tls: { ca: cert } })).status).toBe(200);
  const fingerprint = await servedFingerprint(first.url);
  expect(fingerprint).toBe(first.tls!.fingerprint);
  await first.stop();
  running.length = 0;

  const second = await start(dataDir, { TLS: "self-signed" });
  expect(second.tls?.created).toBe(false);
  expect(await servedFingerprint(second.url)).toBe(fingerprint);
});

test("TLS=self-signed makes a new certificate when the kept one has expired", async () => {
  const dataDir = await tempDir();
  const longAgo = new Date(Date.now() - 2 * 365 * 24 * 60 * 60 * 1000);
  const expired = await ensureSelfSignedCertificate(path.join(dataDir, "tls"), machineNames(), longAgo);
  expect(new X509Certificate(expired.cert).validToDate.getTime()).toBeLessThan(Date.now());

  const server = await start(dataDir, { TLS: "self-signed" });
  expect(server.tls?.created).toBe(true);
  expect(server.tls!.validTo.getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 60 * 60 * 1000);
  expect(await servedFingerprint(server.url)).not.toBe(new X509Certificate(expired.cert).fingerprint256);
  expect(await Bun.file(path.join(dataDir, "tls", "cert.pem")).text()).toBe(server.tls!.cert);
});

test("TLS=self-signed makes a new certificate when the machine has an address the kept one does not name (another venue network)", async () => {
  const dir = path.join(await tempDir(), "tls");
  const home = { dns: ["localhost", "laptop"], ips: ["127.0.0.1", "::1", "192.168.1.20"] };
  expect((await ensureSelfSignedCertificate(dir, home)).created).toBe(true);
  expect((await ensureSelfSignedCertificate(dir, home)).created).toBe(false);
  const venue = { ...home, ips: ["127.0.0.1", "::1", "10.0.0.7"] };
  const moved = await ensureSelfSignedCertificate(dir, venue);
  expect(moved.created).toBe(true);
  expect(parseSubjectAltName(new X509Certificate(moved.cert).subjectAltName).ips).toContain("10.0.0.7");
  // A new temporary IPv6 address alone does not make phones accept a new certificate again.
  expect((await ensureSelfSignedCertificate(dir, { ...venue, ips: [...venue.ips, "2001:db8::1234"] })).created).toBe(false);
});

async function startError(dataDir: string, env: Record<string, string>): Promise<string> {
  const error = await start(dataDir, env).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
}

test("a missing, unreadable or wrong certificate or key file stops the start with one line naming the variable", async () => {
  const dir = await tempDir();
  const { certFile, keyFile } = await operatorCertificate(dir);
  const other = await operatorCertificate(await tempDir());
  const garbage = path.join(dir, "garbage.pem");
  await writeFile(garbage, "-----BEGIN CERTIFICATE-----\nnot base64 at all\n-----END CERTIFICATE-----\n");
  const missing = path.join(dir, "missing.pem");

  expect(await startError(dir, { TLS_CERT_FILE: missing, TLS_KEY_FILE: keyFile })).toBe(`Invalid configuration: TLS_CERT_FILE cannot be read: ${missing} (ENOENT)`);
  expect(await startError(dir, { TLS_CERT_FILE: certFile, TLS_KEY_FILE: missing })).toBe(`Invalid configuration: TLS_KEY_FILE cannot be read: ${missing} (ENOENT)`);
  expect(await startError(dir, { TLS_CERT_FILE: garbage, TLS_KEY_FILE: keyFile })).toBe(`Invalid configuration: TLS_CERT_FILE is not a PEM certificate: ${garbage}`);
  expect(await startError(dir, { TLS_CERT_FILE: certFile, TLS_KEY_FILE: certFile })).toBe(
    `Invalid configuration: TLS_KEY_FILE is not a PEM private key without a passphrase: ${certFile}`,
  );
  expect(await startError(dir, { TLS_CERT_FILE: certFile, TLS_KEY_FILE: other.keyFile })).toBe(
    `Invalid configuration: TLS_KEY_FILE is not the key of the certificate in TLS_CERT_FILE: ${other.keyFile}`,
  );
});

test("TLS=self-signed with a folder it cannot write stops the start naming TLS", async () => {
  const dataDir = await tempDir();
  // The data folder's tls path is taken by a file, so the certificate's folder cannot be made.
  await writeFile(path.join(dataDir, "tls"), "");
  expect(await startError(dataDir, { TLS: "self-signed" })).toMatch(/^Invalid configuration: TLS=self-signed cannot keep its certificate in .*\/tls \(\w+\)$/);
});

test("`casefile serve` with a wrong TLS file prints that one line and exits 1", async () => {
  const dir = await tempDir();
  const missing = path.join(dir, "missing.pem");
  const run = await runCommand([...FROM_SOURCE, "serve"], dir, { TLS_CERT_FILE: missing, TLS_KEY_FILE: missing, PORT: "0" });
  expect(run.code).toBe(1);
  expect(run.stderr).toBe(`Invalid configuration: TLS_CERT_FILE cannot be read: ${missing} (ENOENT)\n`);
});
